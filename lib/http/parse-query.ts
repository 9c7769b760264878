import type { z } from "zod";
import { ApiError, type FieldError } from "@/lib/errors/api-error";

/**
 * Validates a query string against a zod object schema. Unknown and repeated parameters are
 * errors too, each reported by name, so a typo never silently widens a query.
 */
export function parseQuery<Schema extends z.ZodObject>(
  params: URLSearchParams,
  schema: Schema,
): z.output<Schema> {
  const known = new Set(Object.keys(schema.shape));
  const values: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const [name, value] of params) {
    if (!known.has(name)) {
      errors.push({ name, reason: `unknown parameter (known: ${[...known].join(", ")})` });
    } else if (name in values) {
      errors.push({ name, reason: "given more than once" });
    } else {
      values[name] = value;
    }
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({ name: issue.path[0] === undefined ? "query" : String(issue.path[0]), reason: issue.message });
    }
  }
  if (errors.length || !parsed.success) throw ApiError.invalid(dedupe(errors));
  return parsed.data;
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.name}\u0000${e.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
