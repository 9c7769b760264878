import { DEPRECATIONS, type Deprecation } from "@/lib/http/deprecations";

type JsonSchema = Record<string, unknown>;

/**
 * Marks each operation the deprecation table names `deprecated: true`, its description ending
 * with the dates and the notice, so clients generated from the document warn about it too.
 * OpenAPI paths name parameters `{id}` where app/ routes say `[id]`.
 */
export function markDeprecatedOperations(paths: Record<string, JsonSchema>, table: readonly Deprecation[] = DEPRECATIONS): Record<string, JsonSchema> {
  const marked: Record<string, JsonSchema> = {};
  for (const [path, item] of Object.entries(paths)) {
    const route = path.replace(/\{([^}]+)\}/g, "[$1]");
    marked[path] = Object.fromEntries(
      Object.entries(item).map(([method, operation]) => {
        const entry = table.find((candidate) => candidate.route === route && candidate.method.toLowerCase() === method);
        if (!entry) return [method, operation];
        const op = operation as JsonSchema;
        const notice = `Deprecated since ${entry.deprecatedOn}; may stop answering after ${entry.sunsetOn}. See ${entry.link}.`;
        return [method, { ...op, deprecated: true, description: op.description ? `${op.description as string}\n\n${notice}` : notice }];
      }),
    );
  }
  return marked;
}
