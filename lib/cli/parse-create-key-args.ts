import { parseArgs } from "node:util";
import { KEY_KINDS } from "@/lib/keys/key-format";
import { SCOPES, type CreateApiKeyInput } from "@/lib/keys/schemas";
import { TIERS } from "@/lib/tiers";
import { parseChoice } from "./parse-choice";
import { parseOrUsage } from "./parse-or-usage";
import { UsageError } from "./usage-error";

const COMMAND = "keys create";

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

export type CreateKeyArgs = { help: true } | { help: false; json: boolean; input: CreateApiKeyInput };

/**
 * `keys create` flags to createApiKey's input. Only the shape of the command line is checked
 * here (a usage error, exit 2); the rules of keys (publishable keys need an NGO and origins, an
 * expiry lies in the future, origins are well-formed) stay with createApiKey, one source of truth.
 */
export function parseCreateKeyArgs(args: string[]): CreateKeyArgs {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: "string" },
        kind: { type: "string" },
        tier: { type: "string" },
        scope: { type: "string", multiple: true },
        origin: { type: "string", multiple: true },
        ngo: { type: "string" },
        "rate-limit": { type: "string" },
        "expires-at": { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }),
  );
  if (values.help) return { help: true };
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, COMMAND);
  if (values.name === undefined) throw new UsageError("--name is required", COMMAND);
  if (values.kind === undefined) throw new UsageError(`--kind is required (${KEY_KINDS.join(" or ")})`, COMMAND);

  const rateLimit = values["rate-limit"];
  if (rateLimit !== undefined && !/^\d+$/.test(rateLimit)) {
    throw new UsageError(`--rate-limit must be a whole number of requests per minute, not '${rateLimit}'`, COMMAND);
  }
  const input: CreateApiKeyInput = {
    name: values.name,
    kind: parseChoice(COMMAND, "--kind", values.kind, KEY_KINDS),
  };
  if (values.tier !== undefined) input.tier = parseChoice(COMMAND, "--tier", values.tier, TIERS);
  if (values.scope) input.scopes = values.scope.map((scope) => parseChoice(COMMAND, "--scope", scope, SCOPES));
  if (values.origin) input.origins = values.origin;
  if (values.ngo !== undefined) input.ngo = values.ngo;
  if (rateLimit !== undefined) input.rate_limit_per_minute = Number(rateLimit);
  if (values["expires-at"] !== undefined) input.expires_at = values["expires-at"];
  return { help: false, json: values.json, input };
}
