// Without WEBHOOKS_ALLOW_PRIVATE_TARGETS, endpoints into private networks are refused when they
// are saved (after resolving the name); delivery checks again at connect time (send-webhook.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";

let app: StartedApp;
let keys: CreatedKeys<"operator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ operator: { name: "Operator", kind: "secret", tier: "operator" } }));
});

afterAll(async () => {
  await app?.stop();
});

describe("webhook endpoints without WEBHOOKS_ALLOW_PRIVATE_TARGETS", () => {
  it.each([
    "http://127.0.0.1:9/hooks",
    "http://10.0.0.1/hooks",
    "http://169.254.169.254/latest/meta-data",
    "http://localhost:9/hooks",
    "http://[::1]/hooks",
    "http://[::ffff:7f00:1]/x",
    // IPv6 spellings of private IPv4 addresses: judged by the IPv4 address they embed.
    "http://[::127.0.0.1]:9/hooks",
    "http://[::7f00:1]/hooks",
    "http://[::ffff:127.0.0.1]/hooks",
    "http://[::ffff:0:7f00:1]/hooks",
    "http://[::ffff:0:127.0.0.1]/hooks",
    "http://[64:ff9b::7f00:1]/hooks",
    "http://[2002:7f00:1::]/hooks",
    "http://[::a00:1]/hooks",
    "http://[::ffff:0:c0a8:101]/hooks",
    "http://[64:ff9b::a9fe:a9fe]/latest/meta-data",
    "http://[::ffff:169.254.169.254]/latest/meta-data",
    "http://[2002:a9fe:a9fe::1]/latest/meta-data",
    "http://[::ffff:0:6464:64c8]/hooks",
    "http://[64:ff9b:1::a00:1]/hooks",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks",
  ])(
    "refuses %s, naming url",
    async (url) => {
      const response = await fetch(`${app.url}/api/v1/webhook-endpoints`, {
        method: "POST",
        headers: { Authorization: `Bearer ${keys.operator.key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { name: string; reason: string }[] };
      expect(body.errors).toEqual([{ name: "url", reason: expect.stringContaining("private") }]);
    },
  );
});
