// npm run db:seed -- [--count N] [--seed S] [--reset] — the same as `npm run cli -- db seed`.
import { runCli } from "@/lib/cli/run-cli";

process.exitCode = await runCli(["db", "seed", ...process.argv.slice(2)]);
