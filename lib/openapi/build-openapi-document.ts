// The OpenAPI 3.1 document of the REST surface, generated from the zod schemas that validate
// the requests and shape the answers: nothing here restates a field by hand.
import { z } from "zod";
import { healthSchema } from "@/lib/health/types";
import { apiKeyRecordSchema } from "@/lib/keys/schemas";
import { apiKeyListResponseSchema, apiKeyResponseSchema, createdApiKeyResponseSchema } from "@/lib/keys/response-schemas";
import { problemSchema } from "@/lib/errors/problem-schema";
import { listQuerySchema } from "@/lib/registry/schemas";
import { ngoListResponseSchema, ngoResponseSchema, statsResponseSchema } from "@/lib/registry/response-schemas";
import { APP_VERSION } from "@/lib/version";
import {
  createdIntentSchema,
  donationIntentSchema,
  donationPaymentSchema,
  followedIntentSchema,
  giftSchema,
  intentPaymentSchema,
  operatorIntentListSchema,
  operatorIntentSchema,
} from "@/lib/donations/schemas";
import { deliveryListResponseSchema, deliveryRecordSchema } from "@/lib/webhooks/delivery-schemas";
import { endpointListResponseSchema, endpointRecordSchema } from "@/lib/webhooks/endpoint-schemas";
import { eventListResponseSchema, eventPayloadSchemas } from "@/lib/webhooks/event-payload-schemas";
import { donationPaths } from "./donation-paths";
import { exportPaths } from "./export-paths";
import { keysPaths } from "./keys-paths";
import { markDeprecatedOperations } from "./mark-deprecated-operations";
import { queryParameters } from "./query-parameters";
import { webhookPaths } from "./webhook-paths";

type JsonSchema = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonSchema, type = "application/json") => ({ content: { [type]: { schema } } });
const problem = (description: string) => ({ description, ...json(ref("Problem"), "application/problem+json") });

function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const documented = [
    ngoListResponseSchema,
    ngoResponseSchema,
    statsResponseSchema,
    problemSchema,
    healthSchema,
    apiKeyRecordSchema,
    apiKeyListResponseSchema,
    apiKeyResponseSchema,
    createdApiKeyResponseSchema,
    donationIntentSchema,
    intentPaymentSchema,
    createdIntentSchema,
    followedIntentSchema,
    giftSchema,
    donationPaymentSchema,
    operatorIntentSchema,
    operatorIntentListSchema,
    ...eventPayloadSchemas,
    eventListResponseSchema,
    deliveryRecordSchema,
    deliveryListResponseSchema,
    endpointRecordSchema,
    endpointListResponseSchema,
  ];
  for (const schema of documented) {
    registry.add(schema, { id: schema.meta()?.id as string });
  }
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "output" });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _drop, $id: _id, ...schema }]) => {
      void _drop;
      void _id;
      return [id, schema as JsonSchema];
    }),
  );
}

export function buildOpenApiDocument(): JsonSchema {
  const errors = {
    "400": problem("A parameter is unknown or has a bad value; errors[] names it."),
    "401": problem("The key sent is malformed, unknown, revoked or expired (reads need no key at all)."),
    "403": problem("The key lacks registry:read, or is used from a browser origin outside its allowlist (a secret key without one: from any browser origin)."),
    "429": problem("The quota is used up (60 a minute without a key); Retry-After says when to try again."),
    "500": problem("Unexpected error; the body says nothing more."),
  };
  const lifecycle = webhookPaths(ref, json, problem);
  // Registry reads need no key; one, when sent, lifts the tier and the limit.
  const keyOptional = [{}, { apiKey: [] }];
  return {
    openapi: "3.1.0",
    info: {
      title: "Trust Registry API",
      version: APP_VERSION,
      description:
        "A public trust registry of NGOs. Registry reads need no key. JSON is snake_case, times are RFC 3339 UTC, " +
        "errors are RFC 9457 problem+json. Every response carries API-Version and rate-limit headers " +
        "(RateLimit-Policy and RateLimit of the IETF draft -11, and X-RateLimit-*). A key (Authorization: Bearer) lifts " +
        "a read to the key's tier and per-minute limit; /api/v1 endpoints need one.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "registry", description: "Public reads of the registry: no key needed; a key lifts the tier and the limit." },
      { name: "health", description: "Readiness and liveness probes for monitors and orchestrators." },
      { name: "keys", description: "API keys: create, list, rotate and revoke (admin scope)." },
      { name: "lifecycle", description: "Writing the registry: entries and their state transitions (registry:write scope)." },
      { name: "webhooks", description: "The event outbox, webhook endpoints and their delivery log (admin scope)." },
      { name: "donations", description: "Donation intents: the embed's endpoint, the client-secret endpoints and operators' reads." },
    ],
    paths: markDeprecatedOperations({
      "/api/registry/ngos": {
        get: {
          operationId: "listNgos",
          tags: ["registry"],
          security: keyOptional,
          summary: "List, search and summarise registry entries",
          description:
            "Keyset-paginated: follow page.next_cursor. With view=stats, statistics of the matching entries instead.",
          parameters: queryParameters(listQuerySchema),
          responses: {
            "200": {
              description: "A page of entries, or statistics with view=stats.",
              headers: { ETag: { schema: { type: "string" } } },
              ...json({ oneOf: [ref("NgoList"), ref("RegistryStats")] }),
            },
            "304": { description: "Not modified (If-None-Match matched the ETag)." },
            ...errors,
          },
        },
      },
      "/api/registry/ngos/{slug}": {
        get: {
          operationId: "getNgo",
          tags: ["registry"],
          security: keyOptional,
          summary: "One registry entry",
          parameters: [{ name: "slug", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The entry, as the caller's tier may see it.", ...json(ref("NgoResponse")) },
            "304": { description: "Not modified." },
            "404": problem("No visible entry has this slug."),
            ...errors,
          },
        },
      },
      ...exportPaths(ref, problem),
      "/api/health": {
        get: {
          operationId: "getHealth",
          tags: ["health"],
          summary: "Health of the database, migrations, payments and sandbox",
          security: [],
          responses: {
            "200": { description: "pass or warn", ...json(ref("Health"), "application/health+json") },
            "429": problem("More than ten times the free tier's requests a minute from one client."),
            "503": { description: "fail", ...json(ref("Health"), "application/health+json") },
          },
        },
      },
      ...keysPaths(ref, json, problem),
      ...donationPaths(ref, json, problem),
      ...lifecycle.paths,
      "/api/health/live": {
        get: {
          operationId: "getLiveness",
          tags: ["health"],
          security: [],
          summary: "Liveness: answers without touching any dependency",
          responses: { "200": { description: "The process is up.", ...json(ref("Health"), "application/health+json") } },
        },
      },
    }),
    webhooks: lifecycle.webhooks,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "A Trust Registry API key (tr_sk_… or tr_pk_…)." },
        // What a receiver checks on each webhook this service sends.
        webhookSignature: {
          type: "apiKey",
          in: "header",
          name: "webhook-signature",
          description: "Standard Webhooks 1.0: HMAC-SHA256 of webhook-id.webhook-timestamp.body with the endpoint's whsec_ secret.",
        },
      },
    },
  };
}
