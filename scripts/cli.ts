// npm run cli -- <group> <command> [options] — the operator CLI (lib/cli); `--help` for usage.
import { runCli } from "@/lib/cli/run-cli";

// stdout carries the command's result (--json output is parsed by scripts); lib's log lines,
// such as the embedded database loading its sample registry on first use, go to stderr.
console.log = console.error;

process.exitCode = await runCli(process.argv.slice(2));
