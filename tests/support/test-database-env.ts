// Points this test process at a database of its own, for tests that call lib functions
// in-process: a fresh embedded one, or a throwaway PostgreSQL one with TEST_DATABASE=postgres
// (through the run's pgbouncer with TEST_POOLER=pgbouncer).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_SERVER_SECRET } from "./child-env";
import { createTestDatabase } from "./database";

/**
 * Sets DATA_DIR or DATABASE_URL before any lib module reads the configuration (it is read
 * once, on first use): import lib modules dynamically after this. release() closes the
 * connection and removes the database.
 */
export async function useTestDatabase(): Promise<{ release(): Promise<void> }> {
  let drop = async () => {};
  if (process.env.TEST_DATABASE === "postgres") {
    const database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
    if (database.env.DIRECT_DATABASE_URL) process.env.DIRECT_DATABASE_URL = database.env.DIRECT_DATABASE_URL;
    else delete process.env.DIRECT_DATABASE_URL;
    process.env.SERVER_SECRET = TEST_SERVER_SECRET;
    drop = database.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-inproc-"));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    delete process.env.DIRECT_DATABASE_URL;
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // As an entry point does: a fresh embedded database gets the sample registry.
  (await import("@/lib/compose-process")).composeProcess();
  return {
    async release() {
      await (await import("@/lib/db")).closeConnection();
      await drop();
    },
  };
}
