// `db migrate` and `db seed`: the one implementation behind `npm run db:migrate` and `db:seed`.
// They open the database themselves rather than through getConnection, whose embedded path would
// load the default sample registry before `db seed` could choose its own.
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import type { Connection } from "@/lib/db/connection";
import { ApiError } from "@/lib/errors/api-error";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, MAX_SAMPLE_COUNT } from "@/lib/sample/generate-sample-registry";
import type { CliIo } from "./cli-io";
import { HELP } from "./help-texts";
import { parseOrUsage } from "./parse-or-usage";
import { printJson } from "./print-json";
import { printable } from "./printable";
import { UsageError } from "./usage-error";

type Command = (args: string[], io: CliIo) => Promise<void>;

const COMMANDS: Record<string, Command> = { migrate, seed };

const COMMON_OPTIONS = {
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

export async function runDbCommand(args: string[], io: CliIo): Promise<void> {
  const [name, ...rest] = args;
  if (name === "-h" || name === "--help" || name === "help") return io.out(HELP.db);
  if (name === undefined) throw new UsageError(`missing command: ${Object.keys(COMMANDS).join(", ")}`, "db");
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command 'db ${printable(name)}'`, "db");
  await command(rest, io);
}

async function migrate(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseOrUsage("db migrate", () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: COMMON_OPTIONS }),
  );
  if (values.help) return io.out(HELP["db migrate"]);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, "db migrate");
  const { applyMigrations } = await import("@/lib/db/apply-migrations");
  const applied = await withOwnConnection((connection) => applyMigrations(connection));
  if (values.json) return printJson(io, { applied });
  io.out(applied.length ? `Applied ${applied.join(", ")}.` : "The database is up to date.");
}

async function seed(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseOrUsage("db seed", () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { ...COMMON_OPTIONS, count: { type: "string" }, seed: { type: "string" }, reset: { type: "boolean", default: false } },
    }),
  );
  if (values.help) return io.out(HELP["db seed"]);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`, "db seed");
  const count = values.count === undefined ? DEFAULT_SAMPLE_COUNT : Number(values.count);
  if (values.count !== undefined && (!/^\d+$/.test(values.count) || count < 1 || count > MAX_SAMPLE_COUNT)) {
    throw new UsageError(`--count must be a whole number from 1 to ${MAX_SAMPLE_COUNT}, not '${values.count}'`, "db seed");
  }
  if (values.seed === "") throw new UsageError("--seed must not be empty", "db seed");
  const options = { count, seed: values.seed ?? DEFAULT_SAMPLE_SEED, reset: values.reset };

  const settings = config();
  if (settings.isProduction) {
    throw new ApiError("forbidden", "Refusing to load fictional sample NGOs into a production database (NODE_ENV=production).");
  }
  const [{ applyMigrations }, { seedSampleRegistry }] = await Promise.all([
    import("@/lib/db/apply-migrations"),
    import("@/lib/sample/seed-sample-registry"),
  ]);
  const started = performance.now();
  const { loaded, kind } = await withOwnConnection(async (connection) => {
    await applyMigrations(connection);
    const [row] = await connection.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "ngos"`;
    const existing = row?.count ?? 0;
    if (existing > 0 && !options.reset) {
      throw new ApiError("conflict", `The registry already holds ${existing} NGOs: nothing loaded. Run with --reset to replace them.`);
    }
    return { loaded: await seedSampleRegistry(connection.prisma, options), kind: connection.kind };
  });
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  if (values.json) return printJson(io, { ...loaded, seed: options.seed, database: kind, seconds });
  const target = kind === "postgresql" ? "PostgreSQL" : `the embedded database in ${settings.dataDir}`;
  io.out(
    `Loaded ${loaded.ngos} sample NGOs (seed "${printable(options.seed)}", ${loaded.components} score components, ` +
      `${loaded.transitions} state transitions) into ${target} in ${seconds} s.`,
  );
}

async function withOwnConnection<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
  const { openConnection } = await import("@/lib/db/connection");
  const connection = await openConnection(config());
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}
