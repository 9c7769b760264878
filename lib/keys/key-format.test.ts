import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateApiKey } from "./generate-api-key";
import { hashApiKey } from "./hash-api-key";
import { API_KEY_PATTERN, KEY_KINDS, KEY_LENGTH } from "./key-format";
import { maskApiKey } from "./mask-api-key";
import { parseApiKey } from "./parse-api-key";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

describe("API key format", () => {
  it("makes a prefixed, fixed-length base62 key per kind that parses back", () => {
    for (const kind of KEY_KINDS) {
      const key = generateApiKey(kind);
      expect(key).toMatch(kind === "publishable" ? /^tr_pk_[0-9A-Za-z]{49}$/ : /^tr_sk_[0-9A-Za-z]{49}$/);
      expect(key).toHaveLength(KEY_LENGTH);
      expect(parseApiKey(key)).toEqual({ kind, body: key.slice(6, 49), checksum: key.slice(49), checksumValid: true });
    }
  });

  it("never repeats and spreads its body over the whole alphabet", () => {
    const keys = Array.from({ length: 2_000 }, () => generateApiKey("secret"));
    expect(new Set(keys).size).toBe(keys.length);
    // Skip the body's first digit (62^43 exceeds 2^256 only a little, so it is rarely high).
    const seen = new Set(keys.flatMap((k) => [...k.slice(7, 49)]));
    expect(seen.size).toBe(62);
  });

  it("catches every change of one character with the checksum", () => {
    const key = generateApiKey("secret");
    let changed = 0;
    for (let i = 6; i < key.length; i++) {
      for (const c of BASE62) {
        if (c === key[i]) continue;
        const typo = key.slice(0, i) + c + key.slice(i + 1);
        expect(parseApiKey(typo)?.checksumValid, typo).toBe(false);
        changed++;
      }
    }
    expect(changed).toBe(49 * 61);
  });

  it("notices a key whose prefix was swapped: the checksum covers the kind", () => {
    const key = generateApiKey("publishable");
    expect(parseApiKey(key.replace("tr_pk_", "tr_sk_"))).toMatchObject({ kind: "secret", checksumValid: false });
  });

  it("says null for anything that is not shaped like a key", () => {
    const key = generateApiKey("secret");
    for (const text of [
      "",
      "tr_sk_",
      key.slice(0, -1),
      `${key}0`,
      `sk_${key.slice(3)}`,
      `tr_xk_${key.slice(6)}`,
      `TR_SK_${key.slice(6)}`,
      `${key.slice(0, 20)}-${key.slice(21)}`,
      `${key.slice(0, 20)}é${key.slice(21)}`,
      ` ${key.slice(1)}`,
      "Bearer " + key,
    ]) {
      expect(parseApiKey(text), text).toBeNull();
    }
    expect(parseApiKey(undefined as unknown as string)).toBeNull();
  });

  it("lets a scanner find keys in text, offline", () => {
    const keys = [generateApiKey("secret"), generateApiKey("publishable")];
    const text = `DEBUG auth=${keys[0]} and "${keys[1]}", not tr_sk_short or xtr_sk_${keys[0]!.slice(6)}`;
    const found = [...text.matchAll(new RegExp(API_KEY_PATTERN.source, "g"))].map((m) => m[0]);
    expect(found).toEqual(keys);
    expect(found.every((k) => parseApiKey(k)?.checksumValid)).toBe(true);
  });

  it("hashes the whole key with SHA-256, hex", () => {
    const key = generateApiKey("secret");
    expect(hashApiKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey("secret")));
  });

  it("masks a key as prefix and last four", () => {
    const key = generateApiKey("publishable");
    expect(maskApiKey("publishable", key.slice(-4))).toBe(`tr_pk_…${key.slice(-4)}`);
    expect(maskApiKey("secret", "Ab12")).toBe("tr_sk_…Ab12");
  });
});
