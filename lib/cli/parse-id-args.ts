import { parseArgs } from "node:util";
import { parseOrUsage } from "./parse-or-usage";
import { UsageError } from "./usage-error";

export type IdArgs = { help: true } | { help: false; id: string; json: boolean };

/** The command line of a command that takes one key id: `keys show|revoke|rotate <id> [--json]`. */
export function parseIdArgs(command: string, args: string[]): IdArgs {
  const { values, positionals } = parseOrUsage(command, () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { json: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
    }),
  );
  if (values.help) return { help: true };
  const [id, extra] = positionals;
  if (id === undefined) throw new UsageError("missing the key's id (key_…)", command);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}': give one id`, command);
  return { help: false, id, json: values.json };
}
