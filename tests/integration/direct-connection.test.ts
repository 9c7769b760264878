// The direct connection (migrations, seeding, verify-stats) runs without the requests' query
// timeout: a migration that builds an index on 2,000,000 entries ran past the 10-second default
// and was rolled back ("Query read timeout"), so `db migrate` could not finish on a large registry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { openConnection } from "@/lib/db/connection";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/database";

const available = await postgresAvailable();

describe.runIf(available)("the direct connection", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false, migrate: false });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const settings = () => readConfig({ NODE_ENV: "test", DATABASE_URL: database.directUrl, SERVER_SECRET: "x".repeat(32), DB_QUERY_TIMEOUT_MS: "100" });
  const sleep = async (direct: boolean) => {
    const connection = await openConnection(settings(), { direct });
    try {
      return await connection.session((session) => session.query<{ done: number }>("SELECT 1 AS done FROM pg_sleep(0.4)"));
    } finally {
      await connection.close();
    }
  };

  it("keeps the requests' query timeout on the app's connection", async () => {
    await expect(sleep(false)).rejects.toThrow(/timeout/i);
  });

  it("lets a statement run as long as it needs on the direct one", async () => {
    expect(await sleep(true)).toEqual([{ done: 1 }]);
  });
});
