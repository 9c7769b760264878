// Vitest globalSetup of the integration project: the browser's bundles rebuilt (as prebuild does
// for `npm run build`), one build of the app for all integration test files, and with
// TEST_POOLER=pgbouncer one pgbouncer (transaction mode) that every PostgreSQL test database is
// reached through. Vitest runs a project's globalSetup only when some of its test files are in
// the run, so `vitest run lib/` never builds.
import { buildBrowserScripts } from "../../scripts/build-browser/build-browser-scripts";
import { ensureBuild } from "./build";
import { startPgBouncer } from "./pgbouncer";

export default async function setup(): Promise<(() => Promise<void>) | void> {
  await buildBrowserScripts();
  await ensureBuild();
  if (process.env.TEST_POOLER === "pgbouncer" && !process.env.TEST_PGBOUNCER_PORT) {
    if (process.env.TEST_DATABASE !== "postgres") {
      throw new Error("TEST_POOLER=pgbouncer pools PostgreSQL: set TEST_DATABASE=postgres too.");
    }
    const pgbouncer = await startPgBouncer();
    // Test workers start after this and inherit the environment.
    process.env.TEST_PGBOUNCER_PORT = String(pgbouncer.port);
    console.log(`Integration tests reach PostgreSQL through pgbouncer (transaction mode) on port ${pgbouncer.port}.`);
    return () => pgbouncer.stop();
  }
}
