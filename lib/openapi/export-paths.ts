// The bulk export (/api/registry/export) in the OpenAPI document: its query parameters come from
// the schema that validates them; its NDJSON lines are the list's entries and three lines of its own.
import { exportQuerySchema } from "@/lib/registry/schemas";
import { queryParameters } from "./query-parameters";

type JsonSchema = Record<string, unknown>;

const control = (kind: string, description: string, properties: JsonSchema, required: string[]) => ({
  type: "object",
  description,
  properties: { export: { const: kind }, count: { type: "integer", minimum: 0, description: "Entries of the export sent so far, over all its responses." }, ...properties },
  required: ["export", "count", ...required],
});

export function exportPaths(ref: (id: string) => JsonSchema, problem: (description: string) => JsonSchema): Record<string, JsonSchema> {
  const line = {
    oneOf: [
      { $ref: "#/components/schemas/NgoList/properties/data/items" },
      control("checkpoint", "After every batch (1,000 entries unless EXPORT_BATCH_SIZE says otherwise): resume after it with ?cursor=.", { cursor: { type: "string" } }, ["cursor"]),
      control("complete", "The last line of a complete export: count is the export's size.", {}, []),
      control(
        "interrupted",
        "The last line of an export that had to stop: resume from cursor, after retry_after seconds when given.",
        { cursor: { type: ["string", "null"] }, retry_after: { type: "integer" }, problem: ref("Problem") },
        ["cursor", "problem"],
      ),
    ],
  };
  return {
    "/api/registry/export": {
      get: {
        operationId: "exportNgos",
        tags: ["registry"],
        security: [{ apiKey: [] }],
        summary: "The whole registry as the key's tier may see it, streamed (NDJSON or CSV)",
        description:
          "Entries created by the moment the export began, in id order (ids sort by creation), with the list's fields for the key's tier. " +
          "Every batch of 1,000 entries (EXPORT_BATCH_SIZE) carries a checkpoint cursor (an NDJSON line; in CSV the resume_cursor column of the batch's last row) " +
          "to resume from after a broken connection, and counts as one request against the key's per-minute quota (the first batch rides on the request itself). " +
          'NDJSON ends with {"export":"complete"}; CSV is complete when the response ends cleanly. Needs a key with registry:read.',
        parameters: queryParameters(exportQuerySchema),
        responses: {
          "200": {
            description: "The export, streamed.",
            content: {
              "application/x-ndjson": { schema: line },
              "text/csv": { schema: { type: "string", description: "A header row naming the tier's fields and resume_cursor, then one row an entry." } },
            },
          },
          "400": problem("A parameter is unknown or has a bad value (a cursor of another export, say); errors[] names it."),
          "401": problem("No key, or a key that is malformed, unknown, revoked or expired: exports need a key."),
          "403": problem("The key lacks registry:read, or is used from a browser origin outside its allowlist."),
          "429": problem("The key's per-minute quota is used up; Retry-After says when to try again."),
          "500": problem("Unexpected error; the body says nothing more."),
        },
      },
    },
  };
}
