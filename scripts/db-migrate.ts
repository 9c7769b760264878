// npm run db:migrate — the same as `npm run cli -- db migrate`: applies the shipped migrations,
// over DIRECT_DATABASE_URL when it is set (DATABASE_URL may be a pooled URL), else DATABASE_URL.
import { runCli } from "@/lib/cli/run-cli";

process.exitCode = await runCli(["db", "migrate", ...process.argv.slice(2)]);
