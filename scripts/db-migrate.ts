// npm run db:migrate — the same as `npm run cli -- db migrate`: applies the shipped migrations.
import { runCli } from "@/lib/cli/run-cli";

process.exitCode = await runCli(["db", "migrate", ...process.argv.slice(2)]);
