import { processIo, type CliIo } from "./cli-io";
import { runDbCommand } from "./db-command";
import { describeCliError } from "./describe-cli-error";
import { EXIT_CODES, type ExitCode } from "./exit-codes";
import { HELP } from "./help-texts";
import { runKeysCommand } from "./keys-command";
import { printable } from "./printable";
import { UsageError } from "./usage-error";

// One line per group. New groups are built with commander (commander-group.ts), which generates
// their help and flag checks from the command definitions.
const GROUPS: Record<string, (args: string[], io: CliIo) => Promise<void>> = {
  keys: runKeysCommand,
  db: runDbCommand,
  // Loaded when used: a keys or db command does not pay for commander and the progress bar.
  ngos: async (args, io) => (await import("./ngos-command")).runNgosCommand(args, io),
  webhooks: async (args, io) => (await import("./webhooks-command")).runWebhooksCommand(args, io),
  events: async (args, io) => (await import("./events-command")).runEventsCommand(args, io),
  donations: async (args, io) => (await import("./donations-command")).runDonationsCommand(args, io),
};

/**
 * The operator CLI (`npm run cli -- <group> <command> …`): runs one command and returns its exit
 * code (exit-codes.ts). Every failure becomes one line on stderr, or with --json one
 * {"error": …} object: never a stack trace, SQL or secret.
 */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<ExitCode> {
  try {
    const [group, ...rest] = argv;
    if (group === "-h" || group === "--help" || group === "help") {
      io.out(HELP.cli);
      return EXIT_CODES.ok;
    }
    if (group === undefined) throw new UsageError("missing command", "");
    const run = Object.hasOwn(GROUPS, group) ? GROUPS[group] : undefined;
    if (!run) throw new UsageError(`unknown command '${printable(group)}': the groups are ${Object.keys(GROUPS).join(", ")}`, "");
    await run(rest, io);
    return EXIT_CODES.ok;
  } catch (error) {
    const failure = describeCliError(error);
    if (argv.includes("--json")) {
      const { exitCode, type, message, fields } = failure;
      io.err(JSON.stringify({ error: { type, message, exit_code: exitCode, ...(fields ? { fields } : {}) } }));
    } else {
      io.err(`error: ${failure.message}`);
    }
    return failure.exitCode;
  }
}
