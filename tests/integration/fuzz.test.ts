// Thousands of malformed query strings and slugs: every answer is a 2xx or a 4xx problem,
// never a 5xx, and no answer leaks internals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/sample/sample-random";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { inParallel } from "../support/in-parallel";

const REQUESTS = 2_000;

const NAMES = ["q", "sector", "state", "country", "min_trust_score", "sort", "limit", "cursor", "view", "format", "x", "", "q[]", "limit%00", "__proto__", "constructor"];
const VALUES = [
  "", " ", "0", "-1", "1e3", "100", "101", "99999999999999999999", "NaN", "Infinity", "0x10", "1.5", "null", "true",
  "health", "HEALTH", "health,", ",,,", "verified,draft", "draft", "archived", "BR", "br,de,", "ZZZ", "-trust_score", "relevance",
  "' OR 1=1 --", "'; DROP TABLE ngos; --", "\\", "%", "%25", "%00", "%ZZ", "%C3%28", "%F0%9F%98%80", "😀", "São", "א", "\u202e",
  "a".repeat(300), "é".repeat(150), ":*", "!", "&", "|", "(", ")", "<->", "'a':*", "a & b | !c", "stats", "list",
  "csv", "ndjson", "CSV", "eyJ9", "WyJ4IiwxLCJ5Il0", "W10", "WyIiLG51bGwsIiJd", "W251bGwsbnVsbCxudWxsXQ", "../../etc/passwd", "{}", "[]", "\"",
];

function malformedQuery(next: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const parts: string[] = [];
  const count = 1 + Math.floor(next() * 4);
  for (let i = 0; i < count; i++) {
    const value = pick(VALUES);
    const encoded = next() < 0.7 ? encodeURIComponent(value) : value;
    parts.push(next() < 0.1 ? pick(NAMES) : `${pick(NAMES)}=${encoded}`);
  }
  return parts.join(next() < 0.9 ? "&" : ";");
}

let app: StartedApp;
let keys: CreatedKeys<"partner">;
beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ partner: { name: "Fuzzing partner", kind: "secret", tier: "partner" } }));
});
afterAll(async () => {
  await app?.stop();
});

describe("fuzzed registry requests", () => {
  it(`answers ${REQUESTS} malformed queries and slugs without a single 5xx`, { timeout: 240_000 }, async () => {
    const next = mulberry32(20261122);
    // Every tenth request asks for a bulk export with a partner key (anonymous ones are a 401).
    const urls = Array.from({ length: REQUESTS }, (_, i) =>
      i % 5 === 4
        ? `${app.url}/api/registry/ngos/${encodeURIComponent(String(VALUES[Math.floor(next() * VALUES.length)])) || "x"}`
        : i % 10 === 3
          ? `${app.url}/api/registry/export?${malformedQuery(next)}`
          : `${app.url}/api/registry/ngos?${malformedQuery(next)}`,
    );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    await inParallel(urls, 8, async (url) => {
      const exporting = url.includes("/api/registry/export");
      const response = await fetch(url, exporting ? { headers: { Authorization: `Bearer ${keys.partner.key}` } } : {});
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) failures.push(`${response.status} ${url}`);
      if (/prisma|SELECT |stack|at .*\.ts:\d+/i.test(text)) failures.push(`leak in ${url}: ${text.slice(0, 200)}`);
      if (response.status >= 400 && response.headers.get("content-type") !== "application/problem+json") {
        failures.push(`${response.status} without problem+json: ${url}`);
      }
    });
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    expect(statuses.get(400)).toBeGreaterThan(REQUESTS / 4);
    expect(app.logs()).not.toMatch(/unhandled error/);
  });
});
