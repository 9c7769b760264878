// The operator's keys API (/api/v1/keys) in the OpenAPI document.
import { z } from "zod";
import { createApiKeyInputSchema } from "@/lib/keys/schemas";

type JsonSchema = Record<string, unknown>;

export function keysPaths(
  ref: (id: string) => JsonSchema,
  json: (schema: JsonSchema) => JsonSchema,
  problem: (description: string) => JsonSchema,
): Record<string, JsonSchema> {
  const { $schema: _drop, ...createBody } = z.toJSONSchema(createApiKeyInputSchema, { io: "input" }) as JsonSchema;
  void _drop;
  const id = { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^key_[0-9a-z]{20}$" } };
  const security = [{ apiKey: [] }];
  const refused = {
    "401": problem("No key, or a key that is malformed, unknown, revoked or expired."),
    "403": problem("The key lacks the admin scope, or is used from a browser origin outside its allowlist (a secret key without one: from any browser origin)."),
    "429": problem("The key's per-minute quota is used up; Retry-After says when to try again."),
  };
  return {
    "/api/v1/keys": {
      get: {
        operationId: "listApiKeys",
        tags: ["keys"],
        summary: "Every API key, newest first (never the keys themselves)",
        security,
        parameters: [{ name: "status", in: "query", required: false, schema: { type: "string", enum: ["active", "expired", "revoked"] } }],
        responses: { "200": { description: "The keys.", ...json(ref("ApiKeyList")) }, ...refused },
      },
      post: {
        operationId: "createApiKey",
        tags: ["keys"],
        summary: "Create a key; the answer holds it once",
        security,
        requestBody: { required: true, content: { "application/json": { schema: createBody } } },
        responses: {
          "201": { description: "The new key and its record.", ...json(ref("CreatedApiKey")) },
          "400": problem("A field is missing or has a bad value; errors[] names each."),
          "413": problem("The body is larger than 16 KiB."),
          "415": problem("The body is not application/json."),
          ...refused,
        },
      },
    },
    "/api/v1/keys/{id}": {
      get: {
        operationId: "getApiKey",
        tags: ["keys"],
        summary: "One API key",
        security,
        parameters: [id],
        responses: { "200": { description: "The key's record.", ...json(ref("ApiKeyResponse")) }, "404": problem("No key has this id."), ...refused },
      },
      delete: {
        operationId: "revokeApiKey",
        tags: ["keys"],
        summary: "Revoke a key; every instance refuses it within 5 seconds",
        security,
        parameters: [id],
        responses: { "200": { description: "The revoked key's record.", ...json(ref("ApiKeyResponse")) }, "404": problem("No key has this id."), ...refused },
      },
    },
    "/api/v1/keys/{id}/rotate": {
      post: {
        operationId: "rotateApiKey",
        tags: ["keys"],
        summary: "Replace a key with a new one of the same settings; the old one is revoked",
        security,
        parameters: [id],
        responses: {
          "201": { description: "The new key, its record, and the revoked one.", ...json(ref("CreatedApiKey")) },
          "404": problem("No key has this id."),
          "409": problem("The key is revoked or expired: create a new one."),
          ...refused,
        },
      },
    },
  };
}
