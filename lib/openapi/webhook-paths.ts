// The write API, the event outbox and webhook endpoints in the OpenAPI document, and the
// `webhooks` section (OpenAPI 3.1) describing each event a receiver gets.
import { z } from "zod";
import { createNgoSchema, transitionSchema, updateNgoSchema } from "@/lib/lifecycle/schemas";
import { createEndpointSchema, rotateSecretSchema, updateEndpointSchema } from "@/lib/webhooks/endpoint-schemas";
import { listDeliveriesQuerySchema, listEventsQuerySchema, redeliverSchema } from "@/lib/webhooks/event-schemas";
import { eventSchemaId } from "@/lib/webhooks/event-payload-schemas";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { eventExample, eventSummary } from "@/lib/webhooks/event-examples";
import { queryParameters } from "./query-parameters";

type JsonSchema = Record<string, unknown>;

function body(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  void _drop;
  return { required: true, content: { "application/json": { schema: rest } } };
}

const anything = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });

export function webhookPaths(
  ref: (id: string) => JsonSchema,
  json: (schema: JsonSchema) => JsonSchema,
  problem: (description: string) => JsonSchema,
): { paths: Record<string, JsonSchema>; webhooks: Record<string, JsonSchema> } {
  const security = [{ apiKey: [] }];
  const refused = {
    "400": problem("A field or parameter is missing or has a bad value; errors[] names each."),
    "401": problem("No key, or a key that does not verify."),
    "403": problem("The key lacks the scope (registry:write for /api/v1/ngos, admin for events and webhook endpoints)."),
    "404": problem("No such entry, event or endpoint."),
    "429": problem("The key's per-minute quota is used up."),
  };
  const slug = { name: "slug", in: "path", required: true, schema: { type: "string" } };
  const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
  const ifMatch = { name: "If-Match", in: "header", required: false, schema: { type: "string" }, description: "The ETag of the entry as read: the write goes ahead only if it is unchanged (else 412)." };
  const etag = { ETag: { schema: { type: "string" }, description: "The entry's version, for If-Match." } };
  const op = (operationId: string, tag: string, summary: string, extra: JsonSchema) => ({ operationId, tags: [tag], summary, security, ...extra });
  const paths: Record<string, JsonSchema> = {
    "/api/v1/ngos": {
      post: op("createNgo", "lifecycle", "Create a registry entry, as a draft", {
        requestBody: body(createNgoSchema),
        responses: { "201": { ...anything("The entry as operators see it."), headers: etag }, "409": problem("The slug is taken."), ...refused },
      }),
    },
    "/api/v1/ngos/{slug}": {
      get: op("getNgoForWrite", "lifecycle", "One entry in any state, with its ETag", {
        parameters: [slug],
        responses: { "200": { ...anything("The entry as operators see it."), headers: etag }, ...refused },
      }),
      patch: op("updateNgo", "lifecycle", "Change profile fields and score inputs (the score is recomputed)", {
        parameters: [slug, ifMatch],
        requestBody: body(updateNgoSchema),
        responses: { "200": { ...anything("The updated entry."), headers: etag }, "412": problem("If-Match did not match: read the entry again."), ...refused },
      }),
    },
    "/api/v1/ngos/{slug}/transitions": {
      post: op("transitionNgo", "lifecycle", "Move an entry to another lifecycle state", {
        parameters: [slug, ifMatch],
        requestBody: body(transitionSchema),
        responses: {
          "200": { ...anything("The entry in its new state."), headers: etag },
          "409": problem("Not a legal move from the entry's state; the detail names the allowed ones."),
          "412": problem("If-Match did not match."),
          ...refused,
        },
      }),
    },
    "/api/v1/events": {
      get: op("listEvents", "webhooks", "Events in commit-safe order, oldest first, for catching up", {
        description:
          "Paged in the order of the transactions that wrote the events. An event is listed once its transaction, and every " +
          "transaction older than it, has ended: a long transaction delays the list, it never makes a reader skip an event. " +
          "page.next_cursor is where to continue, also on the last page: poll with it to get exactly the events that came since " +
          "(fewer than limit events means caught up for now).",
        parameters: queryParameters(listEventsQuerySchema),
        responses: { "200": { description: "A page of events.", ...json(ref("EventList")) }, ...refused },
      }),
    },
    "/api/v1/events/{id}/deliveries": {
      get: op("listEventDeliveries", "webhooks", "One event's deliveries to every endpoint, newest first, with every attempt", {
        parameters: [id, ...queryParameters(listDeliveriesQuerySchema)],
        responses: {
          "200": { description: "Deliveries with their attempts; an empty list for an event that went to no endpoint.", ...json(ref("WebhookDeliveryList")) },
          ...refused,
          "404": problem("No event has this id."),
        },
      }),
    },
    "/api/v1/webhook-endpoints": {
      get: op("listWebhookEndpoints", "webhooks", "Every endpoint (never its secret)", {
        responses: { "200": { description: "Every endpoint, in one page.", ...json(ref("WebhookEndpointList")) }, ...refused },
      }),
      post: op("createWebhookEndpoint", "webhooks", "Register an endpoint; the answer holds its whsec_ secret once", {
        requestBody: body(createEndpointSchema),
        responses: { "201": anything("The endpoint and its secret."), ...refused },
      }),
    },
    "/api/v1/webhook-endpoints/{id}": {
      get: op("getWebhookEndpoint", "webhooks", "One endpoint", { parameters: [id], responses: { "200": anything("The endpoint."), ...refused } }),
      patch: op("updateWebhookEndpoint", "webhooks", "Change an endpoint; enabled: true re-enables it", {
        parameters: [id],
        requestBody: body(updateEndpointSchema),
        responses: {
          "200": anything("The endpoint, and pending_deliveries: its deliveries waiting to go out (events are queued while it is disabled and sent, oldest first, once it is enabled again)."),
          ...refused,
        },
      }),
      delete: op("deleteWebhookEndpoint", "webhooks", "Remove an endpoint and its delivery log", { parameters: [id], responses: { "204": { description: "Removed." }, ...refused } }),
    },
    "/api/v1/webhook-endpoints/{id}/rotate-secret": {
      post: op("rotateWebhookSecret", "webhooks", "A new secret, shown once; the old one signs too until the overlap ends", {
        parameters: [id],
        requestBody: { ...body(rotateSecretSchema), required: false },
        responses: { "200": anything("The endpoint and its new secret."), ...refused },
      }),
    },
    "/api/v1/webhook-endpoints/{id}/deliveries": {
      get: op("listWebhookDeliveries", "webhooks", "The endpoint's delivery log, newest first", {
        parameters: [id, ...queryParameters(listDeliveriesQuerySchema)],
        responses: { "200": { description: "Deliveries with their attempts (status, latency, response snippet).", ...json(ref("WebhookDeliveryList")) }, ...refused },
      }),
    },
    "/api/v1/webhook-endpoints/{id}/redeliver": {
      post: op("redeliverWebhooks", "webhooks", "Send one event, or every event since a time, again", {
        parameters: [id],
        requestBody: body(redeliverSchema),
        responses: { "202": anything("How many deliveries were queued."), ...refused },
      }),
    },
  };
  const signed = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({ name, in: "header", required: true, schema: { type: "string" } }));
  const webhooks = Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(".", "_")}`,
          tags: ["webhooks"],
          summary: eventSummary(type),
          description: "Signed per Standard Webhooks 1.0: verify webhook-signature with your endpoint's whsec_ secret. webhook-id is the event id, the same on every retry.",
          parameters: signed,
          security: [{ webhookSignature: [] }],
          requestBody: { required: true, content: { "application/json": { schema: ref(eventSchemaId(type)), example: eventExample(type) } } },
          responses: { "200": { description: "Any 2xx acknowledges; anything else is retried (410 disables the endpoint)." } },
        },
      },
    ]),
  );
  return { paths, webhooks };
}
