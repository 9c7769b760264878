import { describe, expect, it } from "vitest";
import { apiAccess } from "./api-access";

describe("the access table", () => {
  it("gives each path its rule, the first match winning, by whole segments", () => {
    expect(apiAccess("/api/registry/ngos")).toEqual({ kind: "read" });
    expect(apiAccess("/api/health")).toEqual({ kind: "health" });
    expect(apiAccess("/api/health/live")).toEqual({ kind: "live" });
    expect(apiAccess("/api/healthz")).toEqual({ kind: "read" });
    expect(apiAccess("/api/v1/keys/key_1/rotate")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/donation-intents")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/embed/donation/intent")).toEqual({ kind: "keyed", scope: "embed:write" });
    expect(apiAccess("/api/v1/embed/donation/intent/di_1/confirm")).toEqual({ kind: "client_secret" });
    expect(apiAccess("/api/v1/embed/donation/intent/")).toEqual({ kind: "client_secret" });
    expect(apiAccess("/api/v1/embed/donation/intentx")).toEqual({ kind: "keyed", scope: "embed:write" });
    expect(apiAccess("/api/v1/ngos/x/transitions")).toEqual({ kind: "keyed", scope: "registry:write" });
    expect(apiAccess("/api/v1")).toEqual({ kind: "keyed", scope: "registry:write" });
    expect(apiAccess("/api/v1/ngos")).toEqual({ kind: "keyed", scope: "registry:write" });
    expect(apiAccess("/api/v1/events")).toEqual({ kind: "keyed", scope: "admin" });
    expect(apiAccess("/api/v1/webhook-endpoints/whep_1/redeliver")).toEqual({ kind: "keyed", scope: "admin" });
    // The cron route's capability is CRON_SECRET, checked by its handler, never an API key.
    expect(apiAccess("/api/cron/webhooks")).toEqual({ kind: "client_secret" });
  });
});
