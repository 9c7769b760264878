// npm run vercel-build — Vercel's build command (Vercel runs this script instead of `build` when
// package.json has it): applies the migrations to the configured database, then builds. The
// migrations go through the direct URL (DIRECT_DATABASE_URL, else DATABASE_URL): they hold an
// advisory lock for their session, which a transaction pooler cannot keep. With no database
// configured (a preview on sample data) nothing is migrated: the embedded database migrates
// itself when it opens. A failed migration fails the deployment before any of it serves.
//
// This reads the two URLs itself rather than through lib/config.ts: it decides which command to
// run, and db:migrate validates the whole configuration when it runs.
import { spawnSync } from "node:child_process";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const migrationUrl = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL;
if (migrationUrl) {
  console.log("vercel-build: applying migrations (DIRECT_DATABASE_URL, else DATABASE_URL)");
  run("npm", ["run", "db:migrate"], { ...process.env, DATABASE_URL: migrationUrl });
} else {
  console.log("vercel-build: no database configured, nothing to migrate (the embedded database migrates itself)");
}
run("npm", ["run", "build"]);
