// Every --help text of the CLI, in one place so that they read alike.
import { API_KEY_STATUSES, DEFAULT_RATE_LIMITS, SCOPES } from "@/lib/keys/schemas";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, MAX_SAMPLE_COUNT } from "@/lib/sample/generate-sample-registry";

const CLI = "npm run cli --";

const DATABASE = `The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded database under
DATA_DIR (default .data). The embedded database belongs to one process: while \`npm run dev\` or
\`npm start\` holds it, commands refuse (exit 3) and change nothing; stop the server, or manage
keys over HTTP (/api/v1/keys with an operator key).`;

const EXITS = `Exit codes: 0 done; 1 refused (invalid input, not found, conflict); 2 usage or configuration
error; 3 database unavailable or held by a running server.`;

const JSON_OUTPUT = `  --json        print one JSON object on stdout (errors: {"error": {...}} on stderr);
                use \`npm run -s cli -- …\` so that npm's own banner stays off stdout`;

export const HELP = {
  cli: `Usage: ${CLI} <group> <command> [options]

The operator CLI of the Trust Registry.

Groups:
  keys       API keys: create, list, show, revoke, rotate
  db         the database: migrate, seed
  ngos       registry entries: create, update, transition, import
  webhooks   webhook endpoints: list, create, rotate-secret, deliveries, redeliver
  events     the event outbox: list
  donations  donation intents: list, show

Run \`${CLI} <group> --help\` or \`${CLI} <group> <command> --help\` for more.

${DATABASE}

${EXITS}`,

  keys: `Usage: ${CLI} keys <command> [options]

Commands:
  create   make a key and print it once
  list     all keys, newest first
  show     one key
  revoke   revoke a key for good
  rotate   replace a key by a new one with the same settings, revoking the old

Keys are stored as a hash: the key itself is printed once, by create and rotate.
Run \`${CLI} keys <command> --help\` for a command's options.`,

  "keys create": `Usage: ${CLI} keys create --name NAME --kind publishable|secret [options]

Makes an API key and prints it once. Store it then: only its hash is kept.

  --name NAME          what the key is for (1–100 characters)
  --kind KIND          publishable: an embed key, public tier, bound to an NGO and origins
                       secret: a server-side partner (default) or operator key
  --tier TIER          partner or operator (secret keys); publishable keys are always public
  --scope SCOPE        repeatable; one of ${SCOPES.join(", ")}
                       (default by tier: public embed:write, partner registry:read,
                       operator registry:read, registry:write, admin)
  --origin ORIGIN      repeatable; an allowed browser origin, exact (https://example.org) or
                       https://*.example.org for its subdomains; required for publishable keys
  --ngo SLUG           the NGO the key acts for; required for publishable keys
  --rate-limit N       requests per minute (default ${DEFAULT_RATE_LIMITS.partner} for public and partner keys,
                       ${DEFAULT_RATE_LIMITS.operator} for operator keys)
  --expires-at TIME    RFC 3339 with a time zone, e.g. 2027-01-31T00:00:00Z (default: never)
${JSON_OUTPUT}
  -h, --help           this help

Examples:
  ${CLI} keys create --name "Partner portal" --kind secret
  ${CLI} keys create --name "Donate widget" --kind publishable --ngo demo-water-trust \\
      --origin https://water.example.org --origin 'https://*.water.example.org'`,

  "keys list": `Usage: ${CLI} keys list [--status ${API_KEY_STATUSES.join("|")}] [--json]

Lists every key, newest first, revoked and expired ones included, never the keys themselves.

  --status STATUS   only keys with this status
${JSON_OUTPUT}
  -h, --help        this help`,

  "keys show": `Usage: ${CLI} keys show <id> [--json]

Shows one key (key_…) by id: its settings, status and last use, never the key itself.

${JSON_OUTPUT}
  -h, --help    this help`,

  "keys revoke": `Usage: ${CLI} keys revoke <id> [--json]

Revokes a key for good. Revoking a revoked key changes nothing. A server that verified the key
in the last few seconds may accept it for up to 5 seconds more.

${JSON_OUTPUT}
  -h, --help    this help`,

  "keys rotate": `Usage: ${CLI} keys rotate <id> [--json]

Makes a new key with the same name, kind, tier, scopes, origins, NGO, limit and expiry, prints
it once, and revokes the old one, in one transaction. Revoked or expired keys cannot be rotated.

${JSON_OUTPUT}
  -h, --help    this help`,

  db: `Usage: ${CLI} db <command> [options]

Commands:
  migrate   apply the shipped migrations (prisma/migrations)
  seed      load the fictional sample registry

Run \`${CLI} db <command> --help\` for a command's options.`,

  "db migrate": `Usage: ${CLI} db migrate [--json]

Applies the migrations the database has not had yet, each in its own transaction, and records
them in _prisma_migrations as Prisma Migrate does. Also: \`npm run db:migrate\`.

${JSON_OUTPUT}
  -h, --help    this help

${DATABASE}`,

  "db seed": `Usage: ${CLI} db seed [--count N] [--seed S] [--reset] [--json]

Loads the sample registry (fictional NGOs, the same for the same seed and count), applying
pending migrations first. Refused for a production database. Also: \`npm run db:seed\`.

  --count N     how many NGOs (default ${DEFAULT_SAMPLE_COUNT}, at most ${MAX_SAMPLE_COUNT})
  --seed S      the generator's seed (default "${DEFAULT_SAMPLE_SEED}")
  --reset       delete every NGO first (and with them their keys); without it a registry that
                is not empty is left alone
${JSON_OUTPUT}
  -h, --help    this help

${DATABASE}`,
} as const;

export type HelpTopic = keyof typeof HELP;
