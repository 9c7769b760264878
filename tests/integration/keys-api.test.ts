// The operator's keys API over HTTP: /api/v1/keys with an operator key (scope admin).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { sleep } from "../support/calm-moment";

let app: StartedApp;
let keys: CreatedKeys<"operator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ operator: { name: "Operator", kind: "secret", tier: "operator" } }));
});

afterAll(async () => {
  await app?.stop();
});

type KeyBody = { data: { id: string; status: string; masked_key: string; origins: string[]; tier: string }; key?: string };

function admin(path: string, init: RequestInit = {}) {
  return fetch(`${app.url}/api/v1/keys${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${keys.operator.key}`, ...(init.body ? { "Content-Type": "application/json" } : {}), ...init.headers },
  });
}

const create = (body: unknown) => admin("", { method: "POST", body: JSON.stringify(body) });

/** Polls until the key gets `status` on a registry read; the verifier caches keys for 5 s. */
async function waitForStatus(key: string, status: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    const response = await fetch(`${app.url}/api/registry/ngos?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
    if (response.status === status) return Date.now() - started;
    await sleep(250);
  }
  throw new Error(`the key never answered ${status}`);
}

describe("the keys API", () => {
  it("creates a key, shows it once, and lists it without the secret", async () => {
    const response = await create({ name: "Newsroom", kind: "secret", origins: ["https://News.Example.com/"] });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as KeyBody;
    expect(body.key).toMatch(/^tr_sk_/);
    expect(response.headers.get("location")).toBe(`/api/v1/keys/${body.data.id}`);
    expect(body.data).toMatchObject({ tier: "partner", status: "active", origins: ["https://news.example.com"] });

    const listed = (await (await admin("")).json()) as { data: KeyBody["data"][] };
    expect(listed.data.map((k) => k.id)).toContain(body.data.id);
    expect(JSON.stringify(listed)).not.toContain(body.key);
    const shown = (await (await admin(`/${body.data.id}`)).json()) as KeyBody;
    expect(shown).toEqual({ data: listed.data.find((k) => k.id === body.data.id) });
    expect((await fetch(`${app.url}/api/registry/ngos?limit=1`, { headers: { Authorization: `Bearer ${body.key}` } })).status).toBe(200);
  });

  it("revokes a key, which stops working within seconds", async () => {
    const { key, data } = (await (await create({ name: "Temp", kind: "secret" })).json()) as KeyBody;
    expect(await waitForStatus(key!, 200)).toBeLessThan(1_000);
    const revoked = await admin(`/${data.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as KeyBody).data.status).toBe("revoked");
    expect(await waitForStatus(key!, 401)).toBeLessThan(6_000);
    const active = (await (await admin("?status=active")).json()) as { data: KeyBody["data"][] };
    expect(active.data.map((k) => k.id)).not.toContain(data.id);
  });

  it("rotates a key: a new secret with the same settings, the old one revoked", async () => {
    const { key, data } = (await (await create({ name: "Widget", kind: "publishable", origins: ["https://water.example.org"], ngo: SAMPLE_FIXTURES.donationDemo })).json()) as KeyBody;
    const response = await admin(`/${data.id}/rotate`, { method: "POST" });
    expect(response.status).toBe(201);
    const rotated = (await response.json()) as KeyBody & { previous: KeyBody["data"] };
    expect(rotated.key).toMatch(/^tr_pk_/);
    expect(rotated.key).not.toBe(key);
    expect(rotated.data).toMatchObject({ origins: data.origins, tier: "public", status: "active" });
    expect(rotated.previous).toMatchObject({ id: data.id, status: "revoked" });
    expect((await admin(`/${data.id}/rotate`, { method: "POST" })).status).toBe(409);
  });

  it("names every field at fault in a bad body", async () => {
    const response = await create({ name: "", kind: "publishable", origins: ["ftp://x"], colour: "red" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { name: string }[] };
    expect(body.errors.map((e) => e.name).sort()).toEqual(expect.arrayContaining(["colour", "name", "origins.0"]));
  });

  it("refuses what is not a small JSON object", async () => {
    expect((await admin("", { method: "POST", body: "name=x", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await admin("", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await create({ name: "x".repeat(20_000), kind: "secret" })).status).toBe(413);
    expect((await create([1, 2])).status).toBe(400);
  });

  it("answers 404 for ids that name no key", async () => {
    for (const id of ["key_00000000000000000000", "nope", "key_%27%3B--"]) {
      const response = await admin(`/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
    expect((await admin("/key_00000000000000000000", { method: "DELETE" })).status).toBe(404);
  });
});
