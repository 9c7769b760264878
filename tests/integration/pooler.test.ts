// Through PgBouncer in transaction pooling mode, the way managed PostgreSQL hands out its pooled
// URL: Debian's pgbouncer 1.18 keeps no prepared statement and no session across transactions,
// and a pool of 2 server connections behind the app's 10 makes every transaction likely to land
// on another one. Keyed requests, donation intents and the CLI answer as they do directly;
// migrations take the direct URL (DIRECT_DATABASE_URL) when there is one, and run through the
// pooler alone too, concurrently, leaving no lock behind.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { openConnection } from "@/lib/db/connection";
import { Prisma } from "@/lib/db/generated/client";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { sleep } from "../support/calm-moment";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";
import { pgbouncerAvailable, startPgBouncer, type PgBouncer } from "../support/pgbouncer";
import { runCli } from "../support/run-cli";

const available = (await postgresAvailable()) && pgbouncerAvailable();
const ORIGIN = "https://donate.ngo.test";
// Nothing listens on port 1: a URL that cannot be what a command used if it succeeded.
const UNREACHABLE = "postgres://postgres@127.0.0.1:1/nowhere";

let pgbouncer: PgBouncer;

beforeAll(async () => {
  if (available) pgbouncer = await startPgBouncer({ poolSize: 2 });
});
afterAll(async () => {
  await pgbouncer?.stop();
});

const pooled = (database: TestDatabase) => pgbouncer.url(database.name);

describe.runIf(available)("the app through PgBouncer in transaction mode", () => {
  let app: StartedApp;
  let keys: CreatedKeys<"partner" | "embed">;

  beforeAll(async () => {
    ({ app, keys } = await startAppWithKeys(
      {
        partner: { name: "Pooled partner", kind: "secret", tier: "partner" },
        embed: { name: "Pooled site", kind: "publishable", ngo: SAMPLE_FIXTURES.donationDemo, origins: [ORIGIN] },
      },
      { database: "postgres", appDatabaseUrl: (url) => pgbouncer.url(new URL(url).pathname.slice(1)) },
    ));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers keyed requests, never 503", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${app.url}/api/registry/ngos?limit=${1 + (i % 5)}`, { headers: { authorization: `Bearer ${keys.partner.key}` } }).then(
          async (response) => (await response.arrayBuffer(), response.status),
        ),
      ),
    );
    expect(statuses.filter((s) => s !== 200), app.logs().slice(-2_000)).toEqual([]);
  });

  it("creates donation intents, never 500", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${app.url}/api/v1/embed/donation/intent`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${keys.embed.key}`,
            origin: ORIGIN,
            "content-type": "application/json",
            "idempotency-key": `pooled-${i}-${Date.now()}`,
          },
          body: JSON.stringify({ ngo: SAMPLE_FIXTURES.donationDemo, amount: 1000 + i, currency: "EUR" }),
        }).then(async (response) => (await response.arrayBuffer(), response.status)),
      ),
    );
    expect(statuses.filter((s) => s !== 201), app.logs().slice(-2_000)).toEqual([]);
  });

  it("serves the public list, an entry, GraphQL and health", async () => {
    const list = (await (await fetch(`${app.url}/api/registry/ngos?limit=3`)).json()) as { data: { slug: string }[] };
    const slug = list.data[0]?.slug ?? "";
    const answers = await Promise.all([
      fetch(`${app.url}/api/registry/ngos/${slug}`),
      fetch(`${app.url}/api/registry/ngos?view=stats`),
      fetch(`${app.url}/api/registry/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ ngos(limit: 3) { slug } }" }),
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // The probe's checks each get 1.5 s, and their queries share the pool's two connections: on a
    // machine as busy as a full test run makes it, one can run out of time (a 503 that says
    // "timeout"). A probe that works through the pooler passes within three asks; one that
    // cannot (a statement the pooler breaks) fails every time.
    let status = 0;
    let health: { checks: Record<string, { status: string; output?: string }[]> } | undefined;
    for (let ask = 1; ask <= 3 && status !== 200; ask++) {
      if (ask > 1) await sleep(1_000);
      const response = await fetch(`${app.url}/api/health`);
      status = response.status;
      health = (await response.json()) as typeof health;
    }
    expect(status, JSON.stringify(health?.checks)).toBe(200);
    expect(health?.checks["database:responseTime"]?.[0]?.status).toBe("pass");
    expect(health?.checks["database:migrations"]?.[0]?.status).toBe("pass");
  });
});

describe.runIf(available)("migrations and the CLI behind a pooler", () => {
  const databases: TestDatabase[] = [];
  const fresh = async () => {
    const database = await createTestDatabase({ seed: false });
    databases.push(database);
    // Back to an empty database: only the shipped migrations' own statements make it again.
    await withClient(database.directUrl, (client) => client.query(`DROP SCHEMA public CASCADE; CREATE SCHEMA public`));
    return database;
  };
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.drop()));
  });

  it("migrates and seeds over DIRECT_DATABASE_URL, whatever DATABASE_URL points at", async () => {
    const database = await fresh();
    const env = { DATABASE_URL: UNREACHABLE, DIRECT_DATABASE_URL: database.directUrl };
    const migrated = await runCli(["db", "migrate", "--json"], env);
    expect(migrated.stderr).toBe("");
    expect(migrated.code).toBe(0);
    expect((JSON.parse(migrated.stdout) as { applied: string[] }).applied.length).toBeGreaterThan(0);
    const seeded = await runCli(["db", "seed", "--count", "20", "--json"], env);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(await count(database.directUrl, `SELECT count(*)::int AS n FROM ngos`)).toBe(20);
  });

  it("migrates through the pooler alone, runners racing, and leaves no lock held", async () => {
    const database = await fresh();
    const env = { DATABASE_URL: pooled(database) };
    const runs = await Promise.all([1, 2, 3].map(() => runCli(["db", "migrate", "--json"], env)));
    expect(runs.map((r) => r.code), runs.map((r) => r.stderr).join("\n")).toEqual([0, 0, 0]);
    const applied = runs.flatMap((r) => (JSON.parse(r.stdout) as { applied: string[] }).applied);
    const recorded = await count(database.directUrl, `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`);
    expect(applied.length).toBe(recorded);
    expect(new Set(applied).size).toBe(applied.length);
    // A session-level lock taken through the pooler would stay held by a server connection
    // pgbouncer keeps open, and the next runner routed to another one would wait for ever.
    const held = await count(
      database.directUrl,
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = current_database()`,
    );
    expect(held).toBe(0);
    const again = await runCli(["db", "migrate"], env);
    expect([again.code, again.stdout.trim()]).toEqual([0, "The database is up to date."]);
  });

  it("runs operator commands through the pooler", async () => {
    const database = await fresh();
    const env = { DATABASE_URL: pooled(database) };
    expect((await runCli(["db", "seed", "--count", "10"], env)).code).toBe(0);
    const created = await runCli(["keys", "create", "--name", "Pooled", "--kind", "secret", "--json"], env);
    expect(created.code, created.stderr).toBe(0);
    const listed = await runCli(["keys", "list", "--json"], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("Pooled");
  });
});

describe.runIf(available)("DB_PREPARED_STATEMENTS=1", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Errors of 60 concurrent runs of one statement text, over a pool of 5. */
  const errorsOver = async (url: string) => {
    const settings = readConfig({ NODE_ENV: "test", DATABASE_URL: url, SERVER_SECRET: "x".repeat(32), DB_POOL_MAX: "5", DB_PREPARED_STATEMENTS: "1" });
    const connection = await openConnection(settings);
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) => connection.query<{ n: number }>(Prisma.sql`SELECT ${i}::int AS n`)),
      );
      return outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as { code?: string }).code] : []));
    } finally {
      await connection.close();
    }
  };

  it("names the statements, which a direct connection keeps", async () => {
    expect(await errorsOver(database.directUrl)).toEqual([]);
  });

  it("is why it must stay off behind a transaction pooler", async () => {
    const codes = await errorsOver(pooled(database));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toSatisfy((set: Set<string>) => [...set].every((code) => ["26000", "42P05"].includes(code)));
  });
});

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function count(url: string, sql: string): Promise<number> {
  return withClient(url, async (client) => (await client.query<{ n: number }>(sql)).rows[0]?.n ?? -1);
}
