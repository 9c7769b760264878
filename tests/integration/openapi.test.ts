import { Validator } from "@seriousme/openapi-schema-validator";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";
import { fetchJson } from "../support/fetch-json";

let app: StartedApp;
beforeAll(async () => {
  app = await startApp();
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
});
