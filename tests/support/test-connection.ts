// A connection of the test's own to an empty database, opened in-process without the app, for
// tests of SQL, migrations and triggers: a fresh embedded one, or with TEST_DATABASE=postgres a
// throwaway PostgreSQL one (directly: migrations and seeding never go through the pooler).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "@/lib/config";
import { openConnection, type Connection } from "@/lib/db/connection";
import { TEST_SERVER_SECRET } from "./child-env";
import { createTestDatabase } from "./database";

/** Opens an empty, unmigrated database; release() closes the connection and removes it. */
export async function openTestConnection(): Promise<{ connection: Connection; release(): Promise<void> }> {
  if (process.env.TEST_DATABASE === "postgres") {
    const database = await createTestDatabase({ migrate: false });
    const config = readConfig({ ...process.env, DATABASE_URL: database.directUrl, DIRECT_DATABASE_URL: "", SERVER_SECRET: TEST_SERVER_SECRET });
    const connection = await openConnection(config).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    return { connection, release: () => connection.close().finally(database.drop) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-connection-"));
  const connection = await openConnection(readConfig({ ...process.env, DATABASE_URL: "", DATA_DIR: dataDir }));
  return {
    connection,
    release: () => connection.close().finally(() => fs.rmSync(dataDir, { recursive: true, force: true })),
  };
}
