import { composeProcess } from "@/lib/compose-process";
import { processIo, type CliIo } from "./cli-io";
import { describeCliError } from "./describe-cli-error";
import { EXIT_CODES, type ExitCode } from "./exit-codes";
import { CLI_HELP } from "./help-texts";
import { printable } from "./printable";
import { UsageError } from "./usage-error";

// One line per group, each built with commander (commander-group.ts), which generates its help
// and flag checks from the command definitions. Loaded when used: a keys command does not pay
// for the progress bar and the CSV parser.
const GROUPS: Record<string, (args: string[], io: CliIo) => Promise<void>> = {
  keys: async (args, io) => (await import("./keys-command")).runKeysCommand(args, io),
  db: async (args, io) => (await import("./db-command")).runDbCommand(args, io),
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
  composeProcess();
  try {
    const [group, ...rest] = argv;
    if (group === "-h" || group === "--help" || group === "help") {
      io.out(CLI_HELP);
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
