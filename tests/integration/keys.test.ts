// The API-key domain on a real database (PGlite by default, PostgreSQL with
// TEST_DATABASE=postgres): the functions proxy.ts, the REST handlers and the CLI build on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import { useTestDatabase } from "../support/test-database-env";

type Keys = typeof import("@/lib/keys/create-api-key") &
  typeof import("@/lib/keys/list-api-keys") &
  typeof import("@/lib/keys/get-api-key") &
  typeof import("@/lib/keys/revoke-api-key") &
  typeof import("@/lib/keys/rotate-api-key") &
  typeof import("@/lib/keys/verify-api-key") &
  typeof import("@/lib/keys/create-api-key-verifier") &
  typeof import("@/lib/keys/touch-last-used") &
  typeof import("@/lib/keys/hash-api-key") &
  typeof import("@/lib/db");

let keys: Keys;
let database: Awaited<ReturnType<typeof useTestDatabase>> | undefined;

beforeAll(async () => {
  database = await useTestDatabase();
  keys = {
    ...(await import("@/lib/keys/create-api-key")),
    ...(await import("@/lib/keys/list-api-keys")),
    ...(await import("@/lib/keys/get-api-key")),
    ...(await import("@/lib/keys/revoke-api-key")),
    ...(await import("@/lib/keys/rotate-api-key")),
    ...(await import("@/lib/keys/verify-api-key")),
    ...(await import("@/lib/keys/create-api-key-verifier")),
    ...(await import("@/lib/keys/touch-last-used")),
    ...(await import("@/lib/keys/hash-api-key")),
    ...(await import("@/lib/db")),
  };
});

afterAll(async () => {
  await database?.release();
});

const embedInput = {
  name: "Donate widget",
  kind: "publishable" as const,
  origins: ["https://Water.Example.org/", "https://*.water.example.org"],
  ngo: SAMPLE_FIXTURES.donationDemo,
};

const partnerKey = (name = "Partner dashboard") => keys.createApiKey({ name, kind: "secret" });

async function storedRow(id: string) {
  const [row] = await keys.queryRows<{ hash: string; last4: string; last_used_at: Date | null; json: string }>(
    keys.Prisma.sql`SELECT hash, last4, last_used_at, row_to_json(k)::text AS json FROM api_keys k WHERE id = ${id}`,
  );
  return row;
}

describe("API keys on a real database", () => {
  it("creates an embed key, shows its plaintext once and stores only its hash and last four", async () => {
    const { plaintext, record } = await keys.createApiKey(embedInput);
    expect(plaintext).toMatch(/^tr_pk_[0-9A-Za-z]{49}$/);
    expect(record).toMatchObject({
      id: expect.stringMatching(/^key_[0-9a-z]{20}$/),
      name: "Donate widget",
      kind: "publishable",
      tier: "public",
      scopes: ["embed:write"],
      origins: ["https://water.example.org", "https://*.water.example.org"],
      ngo_id: expect.stringMatching(/^ngo_/),
      ngo_slug: SAMPLE_FIXTURES.donationDemo,
      last4: plaintext.slice(-4),
      masked_key: `tr_pk_…${plaintext.slice(-4)}`,
      status: "active",
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    });
    expect(record).not.toHaveProperty("hash");
    expect(JSON.stringify(record)).not.toContain(plaintext.slice(6, 49));

    const row = await storedRow(record.id);
    expect(row?.hash).toBe(keys.hashApiKey(plaintext));
    expect(row?.last4).toBe(plaintext.slice(-4));
    // Neither the key nor any long part of its secret body is anywhere in the row.
    expect(row?.json).not.toContain(plaintext);
    for (let i = 6; i + 8 <= 49; i += 8) expect(row?.json).not.toContain(plaintext.slice(i, i + 8));
  });

  it("refuses bad input with the field named, an unknown NGO and a past expiry included", async () => {
    await expect(keys.createApiKey({ ...embedInput, ngo: "no-such-ngo" })).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
      extras: { errors: [{ name: "ngo", reason: "no registry entry has the slug 'no-such-ngo'" }] },
    });
    await expect(
      keys.createApiKey({ name: "Late", kind: "secret", expires_at: "2020-01-01T00:00:00Z" }),
    ).rejects.toMatchObject({ status: 400, extras: { errors: [{ name: "expires_at", reason: "must be in the future" }] } });
    await expect(keys.createApiKey({ ...embedInput, origins: ["file:///index.html"] })).rejects.toMatchObject({
      status: 400,
      extras: { errors: [{ name: "origins.0" }] },
    });
  });

  it("verifies a key to its identity and says why a key fails", async () => {
    const { plaintext, record } = await keys.createApiKey(embedInput);
    const verified = await keys.verifyApiKey(plaintext);
    expect(verified).toEqual({
      ok: true,
      identity: {
        id: record.id,
        name: "Donate widget",
        kind: "publishable",
        tier: "public",
        scopes: ["embed:write"],
        origins: record.origins,
        ngo_id: record.ngo_id,
        ngo_slug: SAMPLE_FIXTURES.donationDemo,
        rate_limit_per_minute: record.rate_limit_per_minute,
      },
    });
    const typo = plaintext.slice(0, 20) + (plaintext[20] === "A" ? "B" : "A") + plaintext.slice(21);
    expect(await keys.verifyApiKey(typo)).toEqual({ ok: false, reason: "malformed" });
    const { generateApiKey } = await import("@/lib/keys/generate-api-key");
    expect(await keys.verifyApiKey(generateApiKey("secret"))).toEqual({ ok: false, reason: "unknown" });
  });

  it("gives partner and operator keys their defaults", async () => {
    const partner = await partnerKey();
    expect(partner.plaintext).toMatch(/^tr_sk_/);
    expect(partner.record).toMatchObject({ tier: "partner", scopes: ["registry:read"], origins: [], ngo_slug: null });
    const operator = await keys.createApiKey({ name: "Ops", kind: "secret", tier: "operator", rate_limit_per_minute: 10 });
    expect(operator.record).toMatchObject({
      tier: "operator",
      scopes: ["registry:read", "registry:write", "admin"],
      rate_limit_per_minute: 10,
    });
  });

  it("lists keys newest first and shows one by id, a 404 for an unknown id", async () => {
    const first = await partnerKey("first");
    const second = await partnerKey("second");
    const list = await keys.listApiKeys();
    const ids = list.map((k) => k.id);
    expect(ids.indexOf(second.record.id)).toBeLessThan(ids.indexOf(first.record.id));
    for (const record of list) expect(record).not.toHaveProperty("hash");
    expect(await keys.getApiKey(first.record.id)).toEqual(first.record);
    await expect(keys.getApiKey("key_00000000000000000000")).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  it("revokes a key once and for all, idempotently", async () => {
    const { plaintext, record } = await partnerKey();
    const revokedAt = new Date("2030-06-01T00:00:00Z");
    const revoked = await keys.revokeApiKey(record.id, { now: revokedAt });
    expect(revoked).toMatchObject({ status: "revoked", revoked_at: revokedAt.toISOString() });
    const again = await keys.revokeApiKey(record.id, { now: new Date("2030-07-01T00:00:00Z") });
    expect(again.revoked_at).toBe(revokedAt.toISOString());
    expect(await keys.createApiKeyVerifier()(plaintext)).toEqual({ ok: false, reason: "revoked" });
    await expect(keys.revokeApiKey("key_00000000000000000000")).rejects.toMatchObject({ status: 404 });
  });

  it("rotates a key: a new secret with the same settings, the old one revoked", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const old = await keys.createApiKey({ ...embedInput, rate_limit_per_minute: 42, expires_at: expiresAt });
    const rotated = await keys.rotateApiKey(old.record.id);
    expect(rotated.plaintext).not.toBe(old.plaintext);
    expect(rotated.plaintext).toMatch(/^tr_pk_/);
    expect(rotated.record.id).not.toBe(old.record.id);
    const same = ["name", "kind", "tier", "scopes", "origins", "ngo_id", "rate_limit_per_minute", "expires_at"] as const;
    for (const field of same) expect(rotated.record[field], field).toEqual(old.record[field]);
    expect(rotated.previous).toMatchObject({ id: old.record.id, status: "revoked" });

    const verify = keys.createApiKeyVerifier();
    expect(await verify(old.plaintext)).toEqual({ ok: false, reason: "revoked" });
    expect(await verify(rotated.plaintext)).toMatchObject({ ok: true, identity: { id: rotated.record.id } });
    await expect(keys.rotateApiKey(old.record.id)).rejects.toMatchObject({ status: 409, code: "conflict" });
    await expect(keys.rotateApiKey("key_00000000000000000000")).rejects.toMatchObject({ status: 404 });
  });

  it("lets only one of two concurrent rotations win", async () => {
    const { record } = await partnerKey("raced");
    const results = await Promise.allSettled([keys.rotateApiKey(record.id), keys.rotateApiKey(record.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    const raced = (await keys.listApiKeys()).filter((k) => k.name === "raced");
    expect(raced.map((k) => k.status).sort()).toEqual(["active", "revoked"]);
  });

  it("refuses to rotate an expired key", async () => {
    const created = new Date();
    const { record } = await keys.createApiKey(
      { name: "short-lived", kind: "secret", expires_at: new Date(created.getTime() + 60_000).toISOString() },
      { now: created },
    );
    await expect(keys.rotateApiKey(record.id, { now: new Date(created.getTime() + 120_000) })).rejects.toMatchObject({
      status: 409,
    });
    expect((await keys.getApiKey(record.id)).revoked_at).toBeNull();
  });

  it("stops accepting a key at its expiry", async () => {
    const created = new Date();
    const expiry = new Date(created.getTime() + 3_600_000);
    const { plaintext, record } = await keys.createApiKey(
      { name: "Expiring", kind: "secret", expires_at: expiry.toISOString() },
      { now: created },
    );
    const verify = keys.createApiKeyVerifier();
    expect(await verify(plaintext, { now: new Date(expiry.getTime() - 1) })).toMatchObject({ ok: true });
    expect(await verify(plaintext, { now: expiry })).toEqual({ ok: false, reason: "expired" });
    expect((await keys.getApiKey(record.id, { now: expiry })).status).toBe("expired");
  });

  it("sees a revocation from another process within the cache TTL, not before", async () => {
    expect(keys.KEY_CACHE_TTL_MS).toBe(5_000);
    let time = 0;
    const verify = keys.createApiKeyVerifier({ clock: () => time });
    const { plaintext, record } = await partnerKey();
    expect(await verify(plaintext)).toMatchObject({ ok: true });
    // Another process revokes it: this one learns of it only through the database.
    await keys.queryRows(keys.Prisma.sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${record.id}`);
    time += keys.KEY_CACHE_TTL_MS - 1;
    expect(await verify(plaintext)).toMatchObject({ ok: true });
    time += 1;
    expect(await verify(plaintext)).toEqual({ ok: false, reason: "revoked" });
  });

  it("writes last_used_at at most once a minute per key", async () => {
    const { record } = await partnerKey();
    const t0 = new Date("2031-01-01T00:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await keys.touchLastUsed(record.id, { now: t0 })).toBe(true);
    expect(await keys.touchLastUsed(record.id, { now: at(30_000) })).toBe(false);
    expect(await keys.touchLastUsed(record.id, { now: at(59_999) })).toBe(false);
    expect((await storedRow(record.id))?.last_used_at?.toISOString()).toBe(t0.toISOString());
    expect(await keys.touchLastUsed(record.id, { now: at(60_000) })).toBe(true);
    expect((await keys.getApiKey(record.id)).last_used_at).toBe(at(60_000).toISOString());
    expect(await keys.touchLastUsed("key_00000000000000000000", { now: t0 })).toBe(false);
  });

  it("holds to once a minute across processes: the database refuses an early write", async () => {
    const { record } = await partnerKey();
    const t0 = new Date("2031-02-01T00:00:00.000Z");
    // Another process wrote 30 seconds ago; this one has never touched the key.
    const earlier = new Date(t0.getTime() - 30_000);
    await keys.queryRows(keys.Prisma.sql`UPDATE api_keys SET last_used_at = ${earlier}::timestamptz WHERE id = ${record.id}`);
    expect(await keys.touchLastUsed(record.id, { now: t0 })).toBe(false);
    expect((await storedRow(record.id))?.last_used_at?.toISOString()).toBe(earlier.toISOString());
  });

  it("deletes an NGO's keys with the NGO", async () => {
    const prisma = await keys.getPrisma();
    const ngo = await prisma.ngo.create({
      data: {
        id: "ngo_keystestdeleted0001",
        slug: "keys-test-deleted-ngo",
        name: "Keys Test NGO",
        legalName: "Keys Test NGO",
        registrationNumber: "KT-1",
        country: "PT",
        city: "Lisboa",
        sectorId: "health",
        description: "Made and deleted by the keys test.",
        trustMethodology: "test",
        trustAsOf: new Date(),
      },
    });
    const { record } = await keys.createApiKey({ ...embedInput, ngo: ngo.slug });
    await prisma.ngo.delete({ where: { id: ngo.id } });
    await expect(keys.getApiKey(record.id)).rejects.toMatchObject({ status: 404 });
  });
});
