import { describe, expect, it, vi } from "vitest";
import { createApiKeyVerifier } from "./create-api-key-verifier";
import { generateApiKey } from "./generate-api-key";
import { hashApiKey } from "./hash-api-key";
import type { KeyIdentity } from "./key-identity";
import type { StoredKey } from "./load-key-by-hash";

const identity: KeyIdentity = {
  id: "key_00000000000000000000",
  name: "Test",
  kind: "secret",
  tier: "partner",
  scopes: ["registry:read"],
  origins: [],
  ngo_id: null,
  ngo_slug: null,
  rate_limit_per_minute: 600,
};

function setup(rows: Map<string, StoredKey>, options: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 0;
  const load = vi.fn(async (hash: string) => rows.get(hash) ?? null);
  const verify = createApiKeyVerifier({ ...options, clock: () => time, load });
  return { verify, load, advance: (ms: number) => void (time += ms) };
}

describe("createApiKeyVerifier", () => {
  it("rejects malformed keys and bad checksums without a lookup", async () => {
    const { verify, load } = setup(new Map());
    const key = generateApiKey("secret");
    const typo = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
    for (const text of [undefined, null, "", "Bearer x", typo]) {
      expect(await verify(text)).toEqual({ ok: false, reason: "malformed" });
    }
    expect(load).not.toHaveBeenCalled();
  });

  it("serves a key from its cache until the TTL is over, then reads it again", async () => {
    const key = generateApiKey("secret");
    const rows = new Map([[hashApiKey(key), { identity, revoked: false, expiresAtMs: null }]]);
    const { verify, load, advance } = setup(rows, { ttlMs: 5_000 });
    expect(await verify(key)).toEqual({ ok: true, identity });
    rows.set(hashApiKey(key), { identity, revoked: true, expiresAtMs: null });
    advance(4_999);
    expect(await verify(key)).toEqual({ ok: true, identity });
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    expect(await verify(key)).toEqual({ ok: false, reason: "revoked" });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reads a forgotten key again at once, without asking beforeLookup", async () => {
    const key = generateApiKey("secret");
    const rows = new Map([[hashApiKey(key), { identity, revoked: false, expiresAtMs: null }]]);
    const { verify, load } = setup(rows, { ttlMs: 5_000 });
    expect(await verify(key)).toEqual({ ok: true, identity });
    rows.set(hashApiKey(key), { identity, revoked: true, expiresAtMs: null });
    verify.forget(identity.id);
    const beforeLookup = vi.fn(() => {
      throw new Error("refused");
    });
    expect(await verify(key, { beforeLookup })).toEqual({ ok: false, reason: "revoked" });
    expect(load).toHaveBeenCalledTimes(2);
    expect(beforeLookup).not.toHaveBeenCalled();
  });

  it("does not trust a read that was under way when the key was forgotten", async () => {
    const key = generateApiKey("secret");
    let release: (row: StoredKey) => void = () => {};
    const load = vi.fn()
      .mockImplementationOnce(() => new Promise<StoredKey>((resolve) => (release = resolve)))
      .mockResolvedValue({ identity, revoked: true, expiresAtMs: null });
    const verify = createApiKeyVerifier({ load, clock: () => 0 });
    const pending = verify(key);
    verify.forget(identity.id);
    release({ identity, revoked: false, expiresAtMs: null });
    expect(await pending).toMatchObject({ ok: true });
    expect(await verify(key)).toEqual({ ok: false, reason: "revoked" });
  });

  it("checks expiry on every call against now, cached or not", async () => {
    const key = generateApiKey("secret");
    const expiresAtMs = Date.parse("2030-01-01T00:00:00Z");
    const { verify } = setup(new Map([[hashApiKey(key), { identity, revoked: false, expiresAtMs }]]));
    expect(await verify(key, { now: new Date(expiresAtMs - 1) })).toMatchObject({ ok: true });
    expect(await verify(key, { now: new Date(expiresAtMs) })).toEqual({ ok: false, reason: "expired" });
  });

  it("caches unknown keys too, and shares one lookup between concurrent callers", async () => {
    const { verify, load } = setup(new Map());
    const key = generateApiKey("secret");
    const results = await Promise.all([verify(key), verify(key), verify(key)]);
    expect(results).toEqual(Array(3).fill({ ok: false, reason: "unknown" }));
    expect(await verify(key)).toEqual({ ok: false, reason: "unknown" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not remember a failed lookup", async () => {
    const key = generateApiKey("secret");
    let down = true;
    const load = vi.fn(async () => {
      if (down) throw new Error("database down");
      return { identity, revoked: false, expiresAtMs: null };
    });
    const verify = createApiKeyVerifier({ load, clock: () => 0 });
    await expect(verify(key)).rejects.toThrow("database down");
    down = false;
    expect(await verify(key)).toMatchObject({ ok: true });
  });

  it("stays within its size, dropping the oldest entry", async () => {
    const { verify, load } = setup(new Map(), { maxEntries: 2 });
    const [a, b, c] = [generateApiKey("secret"), generateApiKey("secret"), generateApiKey("secret")];
    await verify(a);
    await verify(b);
    await verify(c);
    await verify(b);
    expect(load).toHaveBeenCalledTimes(3);
    await verify(a);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe("createApiKeyVerifier against a flood of made-up keys", () => {
  const stored = (): StoredKey => ({ identity, revoked: false, expiresAtMs: null });

  it("keeps real keys cached however many unknown keys arrive", async () => {
    const real = generateApiKey("secret");
    const { verify, load } = setup(new Map([[hashApiKey(real), stored()]]), { maxEntries: 10 });
    await verify(real);
    for (let i = 0; i < 100; i++) await verify(generateApiKey("secret"));
    expect(load).toHaveBeenCalledTimes(101);
    expect(await verify(real)).toMatchObject({ ok: true });
    expect(load).toHaveBeenCalledTimes(101);
  });

  it("asks beforeLookup only about hashes it has never seen stored, and a refusal costs no query", async () => {
    const real = generateApiKey("secret");
    const { verify, load, advance } = setup(new Map([[hashApiKey(real), stored()]]), { ttlMs: 5_000 });
    const refuse = vi.fn(() => {
      throw new Error("quota spent");
    });
    await expect(verify(generateApiKey("secret"), { beforeLookup: refuse })).rejects.toThrow("quota spent");
    expect(load).not.toHaveBeenCalled();
    expect(await verify(real)).toMatchObject({ ok: true });
    advance(10_000); // stale: the refresh of a known key is never refused
    expect(await verify(real, { beforeLookup: refuse })).toMatchObject({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
    expect(refuse).toHaveBeenCalledTimes(1);
  });

  it("remembers an unknown hash for a while, without a query or a beforeLookup", async () => {
    const { verify, load, advance } = setup(new Map());
    const bad = generateApiKey("secret");
    const gate = vi.fn();
    expect(await verify(bad, { beforeLookup: gate })).toEqual({ ok: false, reason: "unknown" });
    advance(59_000);
    expect(await verify(bad, { beforeLookup: gate })).toEqual({ ok: false, reason: "unknown" });
    expect([load.mock.calls.length, gate.mock.calls.length]).toEqual([1, 1]);
    advance(2_000);
    await verify(bad, { beforeLookup: gate });
    expect([load.mock.calls.length, gate.mock.calls.length]).toEqual([2, 2]);
  });
});
