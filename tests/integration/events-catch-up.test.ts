// GET /api/v1/events as a catch-up feed under concurrent writes, on the real PostgreSQL: writers
// whose transactions commit out of order (some hold theirs open a few ms after writing), and
// readers that keep following next_cursor, must see every committed event exactly once. With the
// list paged on created_at, an event that committed late landed behind a reader and was never
// seen by it. In-process: the domain functions on a throwaway database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";
import { TEST_SERVER_SECRET } from "../support/child-env";

const available = await postgresAvailable();
if (!available) console.warn("events-catch-up: PostgreSQL is unreachable, so the concurrent catch-up test is skipped");

let database: TestDatabase | undefined;

beforeAll(async () => {
  if (!available) return;
  database = await createTestDatabase({ seed: false });
  // Read once, on the first lib import below: this process talks to the throwaway database.
  process.env.DATABASE_URL = database.url;
  process.env.SERVER_SECRET = TEST_SERVER_SECRET;
  process.env.DB_POOL_MAX = "12";
});

afterAll(async () => {
  if (!database) return;
  await (await import("@/lib/db")).closeConnection();
  await database.drop();
});

const WRITERS = 8;
const TARGET = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(available)("the events list under concurrent writers", () => {
  it("gives a reader that follows next_cursor every event exactly once, whatever commits late", { timeout: 90_000 }, async () => {
    const [{ runWrite }, { recordEvents }, { listEvents }, { parseQuery }, { listEventsQuerySchema }] = await Promise.all([
      import("@/lib/lifecycle/run-write"),
      import("@/lib/events/record-event"),
      import("@/lib/webhooks/list-events"),
      import("@/lib/http/parse-query"),
      import("@/lib/webhooks/event-schemas"),
    ]);
    const committed: { id: string; type: string }[] = [];
    let writing = true;

    async function writer(n: number): Promise<void> {
      while (committed.length < TARGET) {
        const count = 1 + Math.floor(Math.random() * 3);
        const events = Array.from({ length: count }, (_, i) => {
          const ngo = { id: `ngo_catchup${n}`, slug: `catch-up-${n}`, name: `Catch-up ${n}`, state: "draft" };
          return i % 2 === 0
            ? { type: "ngo.updated" as const, data: { ngo, changed: ["city"] } }
            : { type: "ngo.state_changed" as const, data: { ngo, from: "draft", to: "pending_review", reason: "test", actor: "test" } };
        });
        const recorded = await runWrite(async (tx) => {
          const written = await recordEvents(tx, events);
          // Held open after writing: this transaction commits after others that began later.
          if (Math.random() < 0.4) await sleep(1 + Math.random() * 8);
          return written;
        });
        committed.push(...recorded.map((e) => ({ id: e.id, type: e.type })));
      }
    }

    /** Follows next_cursor until the writers are done and it has caught up with all they wrote. */
    async function reader(type?: string): Promise<string[]> {
      const seen: string[] = [];
      let cursor: string | null = null;
      const expected = () => committed.filter((e) => !type || e.type === type).length;
      const deadline = () => Date.now() + 30_000;
      let giveUpAt = Infinity;
      for (;;) {
        const params = new URLSearchParams({ limit: "100", ...(type ? { type } : {}), ...(cursor ? { cursor } : {}) });
        const page = await listEvents(parseQuery(params, listEventsQuerySchema));
        seen.push(...page.data.map((e) => e.id));
        cursor = page.page.next_cursor ?? cursor;
        if (page.data.length < page.page.limit) {
          if (!writing) {
            if (seen.length >= expected()) return seen;
            // Other databases' transactions on the same server can hold the list back for a while.
            giveUpAt = Math.min(giveUpAt, deadline());
            if (Date.now() > giveUpAt) return seen;
          }
          await sleep(3);
        }
      }
    }

    const readers = Promise.all([reader(), reader("ngo.state_changed")] as const);
    await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));
    writing = false;
    const [all, stateChanges] = await readers;

    expect(committed.length).toBeGreaterThanOrEqual(TARGET);
    const tally = (seen: string[], wanted: { id: string }[]) => {
      const ids = new Set(seen);
      const missed = wanted.filter((e) => !ids.has(e.id)).length;
      return { missed, duplicated: seen.length - ids.size, extra: ids.size - (wanted.length - missed) };
    };
    expect(tally(all, committed)).toEqual({ missed: 0, duplicated: 0, extra: 0 });
    expect(tally(stateChanges, committed.filter((e) => e.type === "ngo.state_changed"))).toEqual({ missed: 0, duplicated: 0, extra: 0 });
  });
});
