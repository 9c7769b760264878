// `keys create|list|show|revoke|rotate`: the same lib/keys functions the HTTP API calls.
import { parseArgs } from "node:util";
import type { CreatedApiKey } from "@/lib/keys/insert-api-key";
import { API_KEY_STATUSES } from "@/lib/keys/schemas";
import type { CliIo } from "./cli-io";
import { formatApiKey } from "./format-api-key";
import { formatApiKeyTable } from "./format-api-key-table";
import { HELP } from "./help-texts";
import { nameFlagsInError } from "./name-flags-in-error";
import { parseChoice } from "./parse-choice";
import { CREATE_KEY_FLAGS, parseCreateKeyArgs } from "./parse-create-key-args";
import { parseIdArgs } from "./parse-id-args";
import { parseOrUsage } from "./parse-or-usage";
import { printJson } from "./print-json";
import { printable } from "./printable";
import { UsageError } from "./usage-error";
import { withDatabase } from "./with-database";

type Command = (args: string[], io: CliIo) => Promise<void>;

const COMMANDS: Record<string, Command> = { create, list, show, revoke, rotate };

export async function runKeysCommand(args: string[], io: CliIo): Promise<void> {
  const [name, ...rest] = args;
  if (name === "-h" || name === "--help" || name === "help") return io.out(HELP.keys);
  if (name === undefined) throw new UsageError(`missing command: ${Object.keys(COMMANDS).join(", ")}`, "keys");
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command 'keys ${printable(name)}'`, "keys");
  await command(rest, io);
}

async function create(args: string[], io: CliIo): Promise<void> {
  const parsed = parseCreateKeyArgs(args);
  if (parsed.help) return io.out(HELP["keys create"]);
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const created = await withDatabase(() => createApiKey(parsed.input)).catch((error: unknown) => {
    throw nameFlagsInError(error, CREATE_KEY_FLAGS);
  });
  if (parsed.json) return printJson(io, { data: created.record, key: created.plaintext });
  printNewKey(io, `Created API key ${created.record.id}.`, created);
}

async function list(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseOrUsage("keys list", () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        status: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }),
  );
  if (values.help) return io.out(HELP["keys list"]);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, "keys list");
  const status = values.status === undefined ? undefined : parseChoice("keys list", "--status", values.status, API_KEY_STATUSES);
  const { listApiKeys } = await import("@/lib/keys/list-api-keys");
  const records = (await withDatabase(() => listApiKeys())).filter((r) => !status || r.status === status);
  if (values.json) return printJson(io, { data: records });
  io.out(formatApiKeyTable(records));
}

async function show(args: string[], io: CliIo): Promise<void> {
  const parsed = parseIdArgs("keys show", args);
  if (parsed.help) return io.out(HELP["keys show"]);
  const { getApiKey } = await import("@/lib/keys/get-api-key");
  const record = await withDatabase(() => getApiKey(parsed.id));
  if (parsed.json) return printJson(io, { data: record });
  io.out(formatApiKey(record));
}

async function revoke(args: string[], io: CliIo): Promise<void> {
  const parsed = parseIdArgs("keys revoke", args);
  if (parsed.help) return io.out(HELP["keys revoke"]);
  const [{ revokeApiKey }, { KEY_CACHE_TTL_MS }] = await Promise.all([
    import("@/lib/keys/revoke-api-key"),
    import("@/lib/keys/create-api-key-verifier"),
  ]);
  const now = new Date();
  const record = await withDatabase(() => revokeApiKey(parsed.id, { now }));
  if (parsed.json) return printJson(io, { data: record });
  // revokeApiKey keeps the first revocation time: an earlier one means this run changed nothing.
  const already = record.revoked_at !== now.toISOString();
  io.out(
    already
      ? `${record.id} ("${printable(record.name)}") was already revoked, at ${record.revoked_at}.`
      : `Revoked ${record.id} ("${printable(record.name)}"). Servers stop accepting it within ${KEY_CACHE_TTL_MS / 1000} seconds.`,
  );
}

async function rotate(args: string[], io: CliIo): Promise<void> {
  const parsed = parseIdArgs("keys rotate", args);
  if (parsed.help) return io.out(HELP["keys rotate"]);
  const { rotateApiKey } = await import("@/lib/keys/rotate-api-key");
  const rotated = await withDatabase(() => rotateApiKey(parsed.id));
  if (parsed.json) return printJson(io, { data: rotated.record, key: rotated.plaintext, previous: rotated.previous });
  printNewKey(io, `Rotated ${rotated.previous.id}: it is revoked, and replaced by ${rotated.record.id}.`, rotated);
}

/** The one time a key is shown. */
function printNewKey(io: CliIo, headline: string, { plaintext, record }: CreatedApiKey): void {
  io.out(`${headline}\n\n    ${plaintext}\n\nStore this key now: it is not shown again (only its hash is kept).\n`);
  io.out(formatApiKey(record));
}
