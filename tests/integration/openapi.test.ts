import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import { deprecationHeaders } from "@/lib/http/deprecation-headers";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { fetchJson } from "../support/fetch-json";

let app: StartedApp;
let keys: CreatedKeys<"operator">;
beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ operator: { name: "OpenAPI desk", kind: "secret", tier: "operator" } }));
});
afterAll(async () => {
  await app?.stop();
});

describe("GET /api/openapi.json", () => {
  it("serves a valid OpenAPI 3.1 document of the REST surface", async () => {
    type Parameter = { name: string; schema: unknown };
    type Document = {
      openapi: string;
      paths: Record<string, { get: { parameters: Parameter[] } }>;
      components: { schemas: Record<string, unknown> };
    };
    const { response, body } = await fetchJson<Document>(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const result = await new Validator().validate(body as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(body.openapi).toBe("3.1.0");
    const list = body.paths["/api/registry/ngos"]!.get;
    expect(list.parameters.map((p) => p.name).sort()).toEqual(
      ["country", "cursor", "limit", "min_trust_score", "q", "sector", "sort", "state", "view"],
    );
    expect(list.parameters.find((p) => p.name === "limit")?.schema).toEqual({ type: "integer", minimum: 1, maximum: 100 });
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(["NgoList", "RegistryStats", "Problem"]));
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/registry/ngos/{slug}", "/api/v1/keys", "/api/v1/keys/{id}", "/api/v1/keys/{id}/rotate"]),
    );
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(["ApiKey", "ApiKeyList", "CreatedApiKey"]));
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/api/v1/ngos", "/api/v1/ngos/{slug}/transitions", "/api/v1/events", "/api/v1/webhook-endpoints/{id}/redeliver"]),
    );
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/api/v1/embed/donation/intent", "/api/v1/embed/donation/intent/{id}/confirm", "/api/v1/donation-intents"]),
    );
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(["DonationIntent", "CreatedDonationIntent", "OperatorDonationIntent"]));
    // Every event type is documented with an example (OpenAPI 3.1 webhooks).
    const webhooks = (body as unknown as { webhooks: Record<string, { post: { requestBody: { content: { "application/json": { example: { type: string } } } } } }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, hook] of Object.entries(webhooks)) expect(hook.post.requestBody.content["application/json"].example.type).toBe(type);
  });

  it("documents the admin lists as they answer, the events list and every webhook's payload field by field", async () => {
    type Document = { paths: Record<string, { get: { parameters: { name: string }[] } }>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const { body: document } = await fetchJson<Document>(`${app.url}/api/openapi.json`);
    const schemas = document.components.schemas;
    for (const type of EVENT_TYPES) {
      const id = `${type.split(/[._]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")}Event`;
      expect(Object.keys(schemas[id]?.properties ?? {}).sort()).toEqual(["api_version", "created_at", "data", "id", "type"]);
      expect(Object.keys((schemas[id]!.properties!.data as { properties?: object }).properties ?? {}).length).toBeGreaterThan(0);
    }
    expect(document.paths["/api/v1/events/{id}/deliveries"]!.get.parameters.map((p) => p.name)).toEqual(["id", "status", "limit", "cursor"]);
    expect(document.paths["/api/v1/events"]!.get.parameters.map((p) => p.name)).toEqual(["type", "since", "until", "limit", "cursor"]);

    // Real answers, held against the document's own schemas.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validator = (id: string) => ajv.compile({ components: document.components, $ref: `#/components/schemas/${id}` });
    const get = async (path: string) => {
      const { response, body } = await fetchJson<unknown>(`${app.url}${path}`, { headers: { Authorization: `Bearer ${keys.operator.key}` } });
      expect(response.status).toBe(200);
      return body;
    };
    const created = await fetch(`${app.url}/api/v1/ngos`, {
      method: "POST",
      headers: { Authorization: `Bearer ${keys.operator.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `OpenAPI Check ${Date.now()}`, sector: "education", country: "GH" }),
    });
    expect(created.status).toBe(201);
    const events = (await get("/api/v1/events?limit=100")) as { data: { id: string }[] };
    expect(events.data.length).toBeGreaterThan(0);
    for (const [id, answer] of [
      ["EventList", events],
      ["WebhookDeliveryList", await get(`/api/v1/events/${events.data[0]!.id}/deliveries`)],
      ["WebhookEndpointList", await get("/api/v1/webhook-endpoints")],
      ["ApiKeyList", await get("/api/v1/keys")],
      ["OperatorDonationIntentList", await get("/api/v1/donation-intents")],
    ] as const) {
      const validate = validator(id);
      expect({ id, valid: validate(answer), errors: validate.errors ?? null }).toEqual({ id, valid: true, errors: null });
    }
  });

  it("announces deprecations as lib/http/deprecations.ts declares them, on answers and errors alike (none today)", async () => {
    const auth = { Authorization: `Bearer ${keys.operator.key}` };
    const requests: [method: string, path: string, init?: RequestInit][] = [
      ["GET", "/api/registry/ngos?limit=1"],
      ["GET", "/api/registry/ngos/no-such-entry"],
      ["GET", "/api/health"],
      ["GET", "/api/health/live"],
      ["GET", "/api/openapi.json"],
      ["GET", "/api/v1/keys", { headers: auth }],
      ["GET", "/api/v1/keys"],
      ["POST", "/api/registry/graphql", { headers: { "Content-Type": "application/json" }, body: '{"query":"{ sectors { id } }"}' }],
    ];
    for (const [method, path, init] of requests) {
      const response = await fetch(`${app.url}${path}`, { method, ...init });
      await response.arrayBuffer();
      const expected = deprecationHeaders(method, new URL(path, app.url).pathname);
      const announced = { Deprecation: response.headers.get("deprecation"), Sunset: response.headers.get("sunset") };
      expect(announced, `${method} ${path}`).toEqual({ Deprecation: expected.Deprecation ?? null, Sunset: expected.Sunset ?? null });
    }
  });
});
