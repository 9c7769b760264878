// Inputs and races that once answered 500: each now gets a clear 4xx problem (or a plain 405 on
// pages), and neither a response nor the app's log carries SQL, a stack trace or Prisma's text.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { inParallel } from "../support/in-parallel";

let app: StartedApp;
let keys: CreatedKeys<"operator">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys({ operator: { name: "Audit desk", kind: "secret", tier: "operator" } }, { env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1" } }));
});

afterAll(async () => {
  await app?.stop();
});

type Problem = { type?: string; status?: number; detail?: string; errors?: { name: string; reason: string }[]; data?: Record<string, unknown> };
type Answer = { status: number; headers: Headers; text: string; body: Problem };

// node:http, not fetch: fetch refuses TRACE, and would normalise what this file sends.
function call(method: string, path: string, body?: unknown, auth = true): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    ...(auth ? { Authorization: `Bearer ${keys.operator.key}` } : {}),
    ...(payload === undefined ? {} : { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(payload)) }),
  };
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") responseHeaders.set(name, value);
        let parsed: Problem = {};
        try {
          parsed = JSON.parse(text) as Problem;
        } catch {
          // Pages answer HTML.
        }
        resolve({ status: response.statusCode ?? 0, headers: responseHeaders, text, body: parsed });
      });
    });
    request.on("error", reject);
    request.end(payload);
  });
}

// What must never reach a client or the log: SQL, a stack frame, Prisma's or the driver's words.
const LEAKS = /\bat [\w.<>]+ \(|node_modules|prisma|P20\d\d|SELECT |INSERT INTO|UPDATE \w+ SET|duplicate key|violates|invalid byte sequence|out of range for type|date\/time field/i;

function expectNoLeak(answer: Answer): void {
  expect(answer.text).not.toMatch(LEAKS);
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

describe("concurrent creations of one name or slug (item 11)", () => {
  it("answers 201 once and 409 naming the slug for the rest, for a derived and for a given slug", async () => {
    for (const extra of [{}, { slug: `given-${unique()}` }]) {
      const name = `Race Relief ${unique()}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call("POST", "/api/v1/ngos", { name, sector: "health", country: "ke", ...extra })),
      );
      const statuses = answers.map((a) => a.status).sort();
      const created = answers.filter((a) => a.status === 201);
      expect(statuses.every((s) => s === 201 || s === 409), statuses.join(",")).toBe(true);
      expect(created.length).toBeGreaterThanOrEqual(1);
      // Each 409 names the slug it could not take, as problem+json.
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(answer.headers.get("content-type")).toContain("application/problem+json");
        expect(answer.body.detail).toMatch(/'[a-z0-9-]+'/);
        expectNoLeak(answer);
      }
    }
  });
});

describe("a derived slug cut at 80 characters (item 12)", () => {
  it("never ends in a hyphen", async () => {
    // 79 letters, then a space: the cut at 80 falls on the hyphen.
    const name = `${"a".repeat(70)}${unique().replace(/-/g, "").padEnd(9, "b").slice(0, 9)} tail words`;
    const answer = await call("POST", "/api/v1/ngos", { name, sector: "health", country: "ke" });
    expect(answer.status).toBe(201);
    const slug = (answer.body.data as { slug: string }).slug;
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect((await call("GET", `/api/v1/ngos/${slug}`)).status).toBe(200);
  });
});

describe("control characters in a path parameter (item 13)", () => {
  const ROUTES = [
    "/api/v1/ngos/{}",
    "/api/v1/ngos/{}/transitions",
    "/api/registry/ngos/{}",
    "/api/v1/donation-intents/{}",
    "/api/v1/embed/donation/intent/{}",
    "/api/v1/embed/donation/intent/{}/cancel",
    "/api/v1/embed/donation/intent/{}/confirm",
    "/api/v1/events/{}/deliveries",
    "/api/v1/webhook-endpoints/{}",
    "/api/v1/webhook-endpoints/{}/deliveries",
    "/api/v1/webhook-endpoints/{}/redeliver",
    "/api/v1/webhook-endpoints/{}/rotate-secret",
    "/api/v1/keys/{}",
    "/api/v1/keys/{}/rotate",
  ];
  const METHODS: Record<string, string> = { transitions: "POST", cancel: "POST", confirm: "POST", redeliver: "POST", "rotate-secret": "POST", rotate: "POST" };
  const VALUES = ["%00", "sample%00", "a%01b", "%1F", "x%7F", "%C2%80", "%EF%BF%BE"];

  it("is a 400 naming the parameter on every API route, never a 500", async () => {
    for (const route of ROUTES) {
      const method = METHODS[route.split("/").at(-1)!] ?? "GET";
      for (const value of VALUES) {
        const path = route.replace("{}", value);
        const answer = await call(method, path, method === "POST" ? {} : undefined);
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.headers.get("content-type")).toContain("application/problem+json");
        expect(answer.body.errors?.[0]?.name, `${method} ${path}`).toMatch(/^(slug|id)$/);
        expectNoLeak(answer);
      }
    }
  });

  it("answers lone surrogates and bad UTF-8 without a 500", async () => {
    for (const path of ["/api/v1/ngos/%ED%A0%80", "/api/v1/ngos/%FF", "/api/registry/ngos/%C0%AF", "/embed/donate/%ED%A0%80", "/ngos/%FF"]) {
      const answer = await call("GET", path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expectNoLeak(answer);
    }
  });

  it("refuses the widget and the entry page with a NUL as not found", async () => {
    for (const path of ["/embed/donate/%00", "/embed/donate/sample%00?preview=1", "/ngos/%00", "/ngos/a%00b"]) {
      const answer = await call("GET", path, undefined, false);
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain("cannot be shown right now");
      expectNoLeak(answer);
    }
  });
});

describe("dates outside the range the database and JavaScript can hold (item 14)", () => {
  const CASES: [string, string, unknown, string][] = [
    ["GET", "/api/v1/donation-intents?created_after=0000-01-01T00:00:00Z", undefined, "created_after"],
    ["GET", "/api/v1/donation-intents?created_before=9999-12-31T23:00:00-05:00", undefined, "created_before"],
    ["GET", "/api/v1/events?since=0000-01-01T00:00:00Z", undefined, "since"],
    ["GET", "/api/v1/events?until=9999-12-31T23:59:59-01:00", undefined, "until"],
    ["POST", "/api/v1/keys", { name: "far future", kind: "secret", expires_at: "9999-12-31T23:00:00-05:00" }, "expires_at"],
    ["POST", "/api/v1/keys", { name: "long past", kind: "secret", expires_at: "0001-01-01T00:00:00Z" }, "expires_at"],
  ];

  it("is a 400 naming the field, for queries and bodies", async () => {
    const component = (evidence_date: string) => ({ component: "verification", score: 50, evidence_date, source: "audit" });
    const ngo = await call("POST", "/api/v1/ngos", { name: `Dated ${unique()}`, sector: "health", country: "ke" });
    const slug = (ngo.body.data as { slug: string }).slug;
    const endpoint = await call("POST", "/api/v1/webhook-endpoints", { url: "http://127.0.0.1:9/hooks" });
    const cases: [string, string, unknown, string][] = [
      ...CASES,
      ["POST", "/api/v1/ngos", { name: `Old ${unique()}`, sector: "health", country: "ke", trust_components: [component("0000-01-01")] }, "trust_components.0.evidence_date"],
      ["PATCH", `/api/v1/ngos/${slug}`, { trust_components: [component("0000-01-01")] }, "trust_components.0.evidence_date"],
      ["POST", `/api/v1/webhook-endpoints/${(endpoint.body.data as { id: string }).id}/redeliver`, { since: "0000-01-01T00:00:00Z" }, "since"],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.errors?.map((e) => e.name)).toContain(field);
      expectNoLeak(answer);
    }
  });
});

describe("racing changes to one webhook endpoint (item 15)", () => {
  it("answers each of 40 racing DELETE, rotate, PATCH and redeliver requests with 2xx, 404 or 409", async () => {
    for (let round = 0; round < 3; round++) {
      const created = await call("POST", "/api/v1/webhook-endpoints", { url: "http://127.0.0.1:9/hooks" });
      expect(created.status).toBe(201);
      const id = (created.body.data as { id: string }).id;
      const requests: [string, string, unknown][] = Array.from({ length: 40 }, (_, i) => {
        const kind = i % 4;
        if (kind === 0) return ["DELETE", `/api/v1/webhook-endpoints/${id}`, undefined];
        if (kind === 1) return ["POST", `/api/v1/webhook-endpoints/${id}/rotate-secret`, {}];
        if (kind === 2) return ["PATCH", `/api/v1/webhook-endpoints/${id}`, { description: `race ${i}` }];
        return ["POST", `/api/v1/webhook-endpoints/${id}/redeliver`, { since: "2020-01-01T00:00:00Z" }];
      });
      const answers: Answer[] = [];
      await inParallel(requests, 40, async ([method, path, body]) => void answers.push(await call(method, path, body)));
      for (const answer of answers) {
        expect([200, 202, 204, 404, 409], answer.text).toContain(answer.status);
        expectNoLeak(answer);
      }
      expect((await call("GET", `/api/v1/webhook-endpoints/${id}`)).status).toBe(404);
    }
  });
});

describe("methods a route does not define (item 16)", () => {
  const API = ["/api/health/live", "/api/health", "/api/registry/ngos", "/api/v1/ngos", "/api/v1/keys", "/api/no-such-endpoint", "/api/registry/graphql"];

  it("answers 405 problem+json with Allow on API routes", async () => {
    for (const path of API) {
      for (const method of ["TRACE", "PUT", "PROPFIND", "PURGE"]) {
        const answer = await call(method, path);
        if (path === "/api/no-such-endpoint" && method === "PUT") {
          expect(answer.status).toBe(404);
          continue;
        }
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("content-type"), `${method} ${path}`).toContain("application/problem+json");
        expect(answer.headers.get("allow"), `${method} ${path}`).toMatch(/\bGET\b|\bPOST\b/);
        expect(answer.headers.get("allow")).not.toContain(method);
        expectNoLeak(answer);
      }
    }
    expect((await call("TRACE", "/api/health/live")).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await call("PUT", "/api/v1/ngos")).headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("answers a plain 405 with Allow on pages and other routes", async () => {
    for (const path of ["/", "/ngos/sample", "/docs", "/embed.js", "/embed/donate/sample"]) {
      for (const method of ["TRACE", "PROPFIND"]) {
        const answer = await call(method, path, undefined, false);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("allow"), `${method} ${path}`).toContain("GET");
        expectNoLeak(answer);
      }
    }
  });
});

describe("the log", () => {
  // Runs last: everything above has been logged by now.
  it("has no 500, SQL, stack trace or Prisma text from any of the above", () => {
    const logs = app.logs();
    expect(logs).not.toMatch(LEAKS);
    expect(logs).not.toMatch(/unhandled error|"level":"error"/);
  });
});
