// Vitest globalSetup of the integration project: the browser's bundles rebuilt (as prebuild does
// for `npm run build`), one build of the app for all integration test files, the scripts tests
// start as processes bundled (tests/support/test-scripts.ts), the templates fresh databases are
// copied from (tests/support/embedded-template.ts, database.ts), and with
// TEST_POOLER=pgbouncer one pgbouncer (transaction mode) that every PostgreSQL test database is
// reached through. Vitest runs a project's globalSetup only when some of its test files are in
// the run, so `vitest run lib/` never builds.
import { buildBrowserScripts } from "../../scripts/build-browser/build-browser-scripts";
import { ensureBuild } from "./build";
import { dropTemplateDatabases, nameTemplateDatabases } from "./database";
import { makeEmbeddedTemplate } from "./embedded-template";
import { startPgBouncer } from "./pgbouncer";
import { bundleTestScripts } from "./test-scripts";

export default async function setup(): Promise<() => Promise<void>> {
  await buildBrowserScripts();
  await ensureBuild();
  const removeScriptBundles = await bundleTestScripts();
  // Test workers start after this and inherit the environment it sets.
  const removeEmbeddedTemplate = await makeEmbeddedTemplate();
  nameTemplateDatabases();
  let stopPgBouncer = async () => {};
  if (process.env.TEST_POOLER === "pgbouncer" && !process.env.TEST_PGBOUNCER_PORT) {
    if (process.env.TEST_DATABASE !== "postgres") {
      throw new Error("TEST_POOLER=pgbouncer pools PostgreSQL: set TEST_DATABASE=postgres too.");
    }
    const pgbouncer = await startPgBouncer();
    process.env.TEST_PGBOUNCER_PORT = String(pgbouncer.port);
    stopPgBouncer = () => pgbouncer.stop();
    console.log(`Integration tests reach PostgreSQL through pgbouncer (transaction mode) on port ${pgbouncer.port}.`);
  }
  return async () => {
    await stopPgBouncer();
    await dropTemplateDatabases();
    removeEmbeddedTemplate();
    removeScriptBundles();
  };
}
