// `keys create|list|show|revoke|rotate`: the same lib/keys functions the HTTP API calls.
import { KEY_KINDS } from "@/lib/keys/key-format";
import type { CreatedApiKey } from "@/lib/keys/insert-api-key";
import { API_KEY_STATUSES, DEFAULT_RATE_LIMITS, SCOPES, type CreateApiKeyInput } from "@/lib/keys/schemas";
import { listPage } from "@/lib/schemas/list-page";
import { TIERS } from "@/lib/tiers";
import type { CliIo } from "./cli-io";
import { choiceFlag, collect, commanderGroup, groupCommand, integerFlag } from "./commander-group";
import { formatApiKey } from "./format-api-key";
import { formatApiKeyTable } from "./format-api-key-table";
import { nameFlagsInError } from "./name-flags-in-error";
import { printJson } from "./print-json";
import { printable } from "./printable";
import { withDatabase } from "./with-database";

/** createApiKey's input fields and the flags that set them, to name flags in its 400s. */
export const CREATE_KEY_FLAGS: Record<string, string> = {
  name: "--name",
  kind: "--kind",
  tier: "--tier",
  scopes: "--scope",
  origins: "--origin",
  ngo: "--ngo",
  rate_limit_per_minute: "--rate-limit",
  expires_at: "--expires-at",
};

type CreateFlags = {
  name: string;
  kind: CreateApiKeyInput["kind"];
  tier?: CreateApiKeyInput["tier"];
  scope?: NonNullable<CreateApiKeyInput["scopes"]>;
  origin?: string[];
  ngo?: string;
  rateLimit?: number;
  expiresAt?: string;
  json?: boolean;
};

const CREATE_EXAMPLES = `
Only the shape of the command line is checked here; the rules of keys (publishable keys need an
NGO and origins, an expiry lies in the future, origins are well-formed) are createApiKey's.

Examples:
  npm run cli -- keys create --name "Partner portal" --kind secret
  npm run cli -- keys create --name "Donate widget" --kind publishable --ngo demo-water-trust \\
      --origin https://water.example.org --origin 'https://*.water.example.org'`;

export const runKeysCommand = commanderGroup((io) => {
  const group = groupCommand("keys", "API keys: create, list, show, revoke, rotate", io).addHelpText(
    "after",
    "\nKeys are stored as a hash: the key itself is printed once, by create and rotate.",
  );

  group
    .command("create")
    .description("make a key and print it once (only its hash is kept)")
    .requiredOption("--name <name>", "what the key is for (1–100 characters)")
    .requiredOption("--kind <kind>", "publishable (an embed key, bound to an NGO and origins) or secret", choiceFlag("--kind", KEY_KINDS))
    .option("--tier <tier>", "partner (default) or operator, for secret keys", choiceFlag("--tier", TIERS))
    .option("--scope <scope>", `repeatable; one of ${SCOPES.join(", ")} (default by tier)`, choiceFlag("--scope", SCOPES, { repeatable: true }))
    .option("--origin <origin>", "repeatable; an allowed browser origin, exact or https://*.example.org; required for publishable keys", collect)
    .option("--ngo <slug>", "the NGO the key acts for; required for publishable keys")
    .option(
      "--rate-limit <n>",
      `requests per minute (default ${DEFAULT_RATE_LIMITS.partner}, operator keys ${DEFAULT_RATE_LIMITS.operator})`,
      integerFlag("--rate-limit", 1, 1_000_000),
    )
    .option("--expires-at <time>", "RFC 3339 with a time zone, e.g. 2027-01-31T00:00:00Z (default: never)")
    .option("--json", "print one JSON object on stdout")
    .addHelpText("after", CREATE_EXAMPLES)
    .action(async (flags: CreateFlags) => {
      const input: CreateApiKeyInput = { name: flags.name, kind: flags.kind };
      if (flags.tier !== undefined) input.tier = flags.tier;
      if (flags.scope) input.scopes = flags.scope;
      if (flags.origin) input.origins = flags.origin;
      if (flags.ngo !== undefined) input.ngo = flags.ngo;
      if (flags.rateLimit !== undefined) input.rate_limit_per_minute = flags.rateLimit;
      if (flags.expiresAt !== undefined) input.expires_at = flags.expiresAt;
      const { createApiKey } = await import("@/lib/keys/create-api-key");
      const created = await withDatabase(() => createApiKey(input)).catch((error: unknown) => {
        throw nameFlagsInError(error, CREATE_KEY_FLAGS);
      });
      if (flags.json) return printJson(io, { data: created.record, key: created.plaintext });
      printNewKey(io, `Created API key ${created.record.id}.`, created);
    });

  group
    .command("list")
    .description("every key, newest first, revoked and expired ones included, never the keys themselves")
    .option("--status <status>", `only keys with this status: ${API_KEY_STATUSES.join(", ")}`, choiceFlag("--status", API_KEY_STATUSES))
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { status?: string; json?: boolean }) => {
      const { listApiKeys } = await import("@/lib/keys/list-api-keys");
      const records = (await withDatabase(() => listApiKeys())).filter((r) => !flags.status || r.status === flags.status);
      if (flags.json) return printJson(io, listPage(records, null, records.length));
      io.out(formatApiKeyTable(records));
    });

  group
    .command("show")
    .description("one key by id: its settings, status and last use, never the key itself")
    .argument("<id>", "the key's id (key_…)")
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { json?: boolean }) => {
      const { getApiKey } = await import("@/lib/keys/get-api-key");
      const record = await withDatabase(() => getApiKey(id));
      if (flags.json) return printJson(io, { data: record });
      io.out(formatApiKey(record));
    });

  group
    .command("revoke")
    .description("revoke a key for good; servers stop accepting it within seconds")
    .argument("<id>", "the key's id (key_…)")
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { json?: boolean }) => {
      const [{ revokeApiKey }, { KEY_CACHE_TTL_MS }] = await Promise.all([
        import("@/lib/keys/revoke-api-key"),
        import("@/lib/keys/create-api-key-verifier"),
      ]);
      const now = new Date();
      const record = await withDatabase(() => revokeApiKey(id, { now }));
      if (flags.json) return printJson(io, { data: record });
      // revokeApiKey keeps the first revocation time: an earlier one means this run changed nothing.
      const already = record.revoked_at !== now.toISOString();
      io.out(
        already
          ? `${record.id} ("${printable(record.name)}") was already revoked, at ${record.revoked_at}.`
          : `Revoked ${record.id} ("${printable(record.name)}"). Servers stop accepting it within ${KEY_CACHE_TTL_MS / 1000} seconds.`,
      );
    });

  group
    .command("rotate")
    .description("replace a key by a new one with the same settings, revoking the old, in one transaction")
    .argument("<id>", "the key's id (key_…)")
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { json?: boolean }) => {
      const { rotateApiKey } = await import("@/lib/keys/rotate-api-key");
      const rotated = await withDatabase(() => rotateApiKey(id));
      if (flags.json) return printJson(io, { data: rotated.record, key: rotated.plaintext, previous: rotated.previous });
      printNewKey(io, `Rotated ${rotated.previous.id}: it is revoked, and replaced by ${rotated.record.id}.`, rotated);
    });
  return group;
});

/** The one time a key is shown. */
function printNewKey(io: CliIo, headline: string, { plaintext, record }: CreatedApiKey): void {
  io.out(`${headline}\n\n    ${plaintext}\n\nStore this key now: it is not shown again (only its hash is kept).\n`);
  io.out(formatApiKey(record));
}
