import type { z } from "zod";
import { ApiError, type FieldError } from "@/lib/errors/api-error";

/**
 * A zod failure of a request body as the 400 problem: every field at fault by name
 * (`origins.1`, `tier`), unknown fields included, so a typo never silently drops a setting.
 */
export function invalidInput(error: z.ZodError): ApiError {
  const errors: FieldError[] = error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ name: [...issue.path, key].join("."), reason: "unknown field" }))
      : [{ name: issue.path.length ? issue.path.join(".") : "body", reason: issue.message }],
  );
  return ApiError.invalid(errors);
}
