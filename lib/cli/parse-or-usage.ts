import { UsageError } from "./usage-error";

/**
 * Runs a node:util parseArgs call and turns its errors into a UsageError naming the flag at
 * fault, in one short line (Node's own messages run to three lines of advice).
 */
export function parseOrUsage<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS")) throw error;
    throw new UsageError(describeParseError(code, error instanceof Error ? error.message : ""), command);
  }
}

function describeParseError(code: string, message: string): string {
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  const flag = /(--[\w-]+|-\w)\b/.exec(quoted)?.[1] ?? quoted;
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${quoted}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument '${quoted}'`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (message.includes("does not take an argument")) return `${flag} takes no value`;
      // "--name --json": the value is missing, or starts with a dash (write --name=-x then).
      if (message.includes("ambiguous")) return `${flag} needs a value (write ${flag}=<value> if it starts with "-")`;
      return `${flag} needs a value`;
    default:
      return quoted ? `invalid option ${quoted}` : "invalid options";
  }
}
