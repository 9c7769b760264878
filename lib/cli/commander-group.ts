// A command group built with commander (help, dispatch and flag checks generated from the
// command definitions), plugged into run-cli's table like the hand-written groups. Commander's
// own exits become the CLI's: help is exit 0, a bad command line a UsageError (exit 2, one line).
import { Command, CommanderError } from "commander";
import type { CliIo } from "./cli-io";
import { UsageError } from "./usage-error";

const HELP_CODES = new Set(["commander.helpDisplayed", "commander.help", "commander.version"]);

/** A group's root command, set up to report through `io` and never to exit the process itself. */
export function groupCommand(name: string, description: string, io: CliIo): Command {
  // Settings made here are inherited by every subcommand added afterwards.
  return new Command(name)
    .description(description)
    .exitOverride()
    .showHelpAfterError(false)
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: () => {}, outputError: () => {} })
    .helpCommand(false)
    .configureHelp({ commandUsage: (command) => `npm run cli -- ${commandPath(command)} ${command.usage()}` });
}

function commandPath(command: Command): string {
  const names = [command.name()];
  for (let parent = command.parent; parent; parent = parent.parent) names.unshift(parent.name());
  return names.join(" ");
}

/** run-cli's runner for a commander group: `build` defines its commands. */
export function commanderGroup(build: (io: CliIo) => Command): (args: string[], io: CliIo) => Promise<void> {
  return async (args, io) => {
    const program = build(io);
    const names = program.commands.map((c) => c.name());
    const [first] = args;
    if (first === undefined) throw new UsageError(`missing command: ${names.join(", ")}`, program.name());
    const path = names.includes(first) ? `${program.name()} ${first}` : program.name();
    try {
      await program.parseAsync(args, { from: "user" });
    } catch (error) {
      if (!(error instanceof CommanderError)) throw error;
      if (HELP_CODES.has(error.code)) return;
      // One line (commander puts "Did you mean …?" on a second), and a flag parser's own message
      // without commander's preamble, which would name the flag twice.
      const message = error.message
        .replace(/^error: /, "")
        .replace(/^option '[^']*' argument '[^']*' is invalid\. (?=--)/, "")
        .replace(/\s*\n\s*\(Did you mean/, " (did you mean")
        .replace(/\s*\n\s*/g, " ");
      throw new UsageError(message, path);
    }
  };
}

/** A whole number from a flag, or a usage error naming the flag. */
export function integerFlag(flag: string, min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new CommanderError(2, "commander.invalidArgument", `${flag} must be a whole number from ${min} to ${max}, not '${value}'`);
    }
    return Number(value);
  };
}

/** A value from a fixed list, or a usage error listing them; `repeatable` collects a list. */
export function choiceFlag<const T extends string>(flag: string, choices: readonly T[]): (value: string) => T;
export function choiceFlag<const T extends string>(flag: string, choices: readonly T[], options: { repeatable: true }): (value: string, previous?: T[]) => T[];
export function choiceFlag<const T extends string>(flag: string, choices: readonly T[], options?: { repeatable: true }) {
  const check = (value: string): T => {
    if ((choices as readonly string[]).includes(value)) return value as T;
    throw new CommanderError(2, "commander.invalidArgument", `${flag} must be one of ${choices.join(", ")}, not '${value}'`);
  };
  return options?.repeatable ? (value: string, previous: T[] = []) => [...previous, check(value)] : check;
}

/** Collects a repeatable flag's values. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

const DURATION_UNITS_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration such as 90s, 15m, 2h or 1d, in milliseconds, at most `maxMs`; or a usage error naming the flag. */
export function durationFlag(flag: string, maxMs: number): (value: string) => number {
  return (value) => {
    const match = /^(\d{1,9})([smhd])$/.exec(value);
    const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS] : NaN;
    if (!(ms <= maxMs)) {
      throw new CommanderError(2, "commander.invalidArgument", `${flag} must be a duration such as 30s, 15m, 2h or 1d (at most ${maxMs / 86_400_000} days), not '${value}'`);
    }
    return ms;
  };
}
