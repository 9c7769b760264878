import { describe, expect, it } from "vitest";
import { apiAccess } from "./api-access";

describe("apiAccess", () => {
  it("gives each request what its route declares for its method", () => {
    expect(apiAccess("/api/registry/ngos", "GET")).toEqual({ kind: "read" });
    expect(apiAccess("/api/health", "GET")).toEqual({ kind: "health" });
    expect(apiAccess("/api/health/live", "HEAD")).toEqual({ kind: "live" });
    expect(apiAccess("/api/v1/keys/key_1/rotate", "POST")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/donation-intents", "GET")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/embed/donation/intent", "POST")).toEqual({ kind: "keyed", scope: "embed:write" });
    expect(apiAccess("/api/v1/embed/donation/intent/di_1/confirm", "POST")).toEqual({ kind: "client_secret" });
    expect(apiAccess("/api/v1/embed/donation/intent/di_1", "GET")).toEqual({ kind: "client_secret" });
    expect(apiAccess("/api/v1/payments/stripe/webhook", "POST")).toEqual({ kind: "signed_webhook" });
    expect(apiAccess("/api/v1/ngos/x/transitions", "POST")).toEqual({ kind: "keyed", scope: "registry:write" });
    expect(apiAccess("/api/v1/ngos", "POST")).toEqual({ kind: "keyed", scope: "registry:write" });
    expect(apiAccess("/api/v1/events", "GET")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/webhook-endpoints/whep_1/redeliver", "POST")).toEqual({ kind: "keyed", scope: "admin" });
    // The cron route's capability is CRON_SECRET, checked by its handler, never an API key.
    expect(apiAccess("/api/cron/webhooks", "GET")).toEqual({ kind: "client_secret" });
  });

  it("gives a method the route does not define (a plain OPTIONS) the route's own rule", () => {
    expect(apiAccess("/api/v1/keys", "OPTIONS")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/ngos", "OPTIONS")).toEqual({ kind: "keyed", scope: "registry:write" });
  });

  it("leaves a path no route serves public: the catch-all's 404", () => {
    expect(apiAccess("/api/healthz", "GET")).toEqual({ kind: "read" });
    expect(apiAccess("/api/v1/nothing", "GET")).toEqual({ kind: "read" });
    expect(apiAccess("/public/api/nothing", "GET")).toEqual({ kind: "read" });
  });
});
