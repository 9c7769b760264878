import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { identifyRequest } from "./identify-request";

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://registry.test${path}`, { headers });

async function refusal(path: string, headers: Record<string, string>) {
  const error = await identifyRequest(request(path, headers)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("identifyRequest (no database needed for these)", () => {
  it("reads anonymously as public, whatever identity-like headers claim", async () => {
    const identity = await identifyRequest(request("/api/registry/ngos", { "x-api-tier": "operator", "x-trust-registry-identity": "b3A" }));
    expect(identity).toEqual({ key: null, tier: "public", client: "unknown", allowedOrigin: null, session: null });
  });

  it("asks keyed endpoints for a key, by the path's rule", async () => {
    for (const path of ["/api/v1/keys", "/api/v1/embed/donation/intent", "/api/v1/ngos"]) {
      const error = await refusal(path, {});
      expect([error.status, error.extras.headers?.["WWW-Authenticate"]]).toEqual([401, 'Bearer realm="trust-registry"']);
    }
  });

  it("refuses a key that cannot verify as a 401, on reads too: never a silent public read", async () => {
    for (const authorization of ["Bearer tr_sk_nonsense", "Basic dXNlcjpwYXNz", "Bearer"]) {
      expect((await refusal("/api/registry/ngos", { authorization })).status).toBe(401);
    }
  });

  it("takes an embed session for embed:write only: a JWT on any other endpoint is a key that does not verify", async () => {
    const jwt = "Bearer eyJhbGciOiJIUzI1NiJ9.eyJraWQiOm51bGx9.c2lnbmF0dXJl";
    for (const path of ["/api/registry/ngos", "/api/v1/keys"]) expect((await refusal(path, { authorization: jwt })).status).toBe(401);
  });

  it("does not look at keys for the health probes", async () => {
    for (const path of ["/api/health", "/api/health/live"]) {
      expect((await identifyRequest(request(path, { authorization: "Bearer tr_sk_nonsense" }))).tier).toBe("public");
    }
  });
});
