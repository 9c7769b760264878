// npm run db:seed -- [--count N] [--seed S] [--reset] — loads the deterministic sample registry.
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { openConnection, type Connection } from "@/lib/db/connection";
import {
  DEFAULT_SAMPLE_COUNT,
  DEFAULT_SAMPLE_SEED,
  MAX_SAMPLE_COUNT,
} from "@/lib/registry/sample/generate-sample-registry";
import { seedSampleRegistry } from "@/lib/registry/sample/seed-sample-registry";

const USAGE = `Usage: npm run db:seed -- [--count N] [--seed S] [--reset]

Loads the sample registry (fictional NGOs, the same for the same seed and count) into the
configured database: PostgreSQL if DATABASE_URL is set, otherwise the embedded database
under DATA_DIR (default .data). Applies pending migrations first.

  --count N   how many NGOs to load (default ${DEFAULT_SAMPLE_COUNT}, at most ${MAX_SAMPLE_COUNT})
  --seed S    the generator's seed (default "${DEFAULT_SAMPLE_SEED}")
  --reset     delete every NGO first; without it, a registry that is not empty is left alone
  --help      show this help`;

type Options = { count: number; seed: string; reset: boolean; help: boolean };

class UsageError extends Error {}

function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      count: { type: "string" },
      seed: { type: "string" },
      reset: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  const count = values.count === undefined ? DEFAULT_SAMPLE_COUNT : Number(values.count);
  if (values.count !== undefined && (!/^\d+$/.test(values.count) || count < 1 || count > MAX_SAMPLE_COUNT)) {
    throw new UsageError(`--count must be a whole number from 1 to ${MAX_SAMPLE_COUNT}, not "${values.count}".`);
  }
  if (values.seed === "") throw new UsageError("--seed must not be empty.");
  return { count, seed: values.seed ?? DEFAULT_SAMPLE_SEED, reset: values.reset, help: values.help };
}

/** One line for the operator: Prisma's messages span lines and name the call before the cause. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("Invalid `"));
  return lines.join(" ") || "The sample registry could not be loaded.";
}

async function seed(options: Options): Promise<void> {
  const settings = config();
  if (settings.isProduction) {
    throw new Error("Refusing to load fictional sample NGOs into a production database (NODE_ENV=production).");
  }
  let connection: Connection | undefined;
  try {
    connection = await openConnection(settings);
    await applyMigrations(connection);
    const [row] = await connection.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "ngos"`;
    const existing = row?.count ?? 0;
    if (existing > 0 && !options.reset) {
      throw new Error(`The registry already holds ${existing} NGOs: nothing loaded. Run with --reset to replace them.`);
    }
    const started = performance.now();
    const loaded = await seedSampleRegistry(connection.prisma, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const target = connection.kind === "postgresql" ? "PostgreSQL" : `the embedded database in ${settings.dataDir}`;
    console.log(
      `Loaded ${loaded.ngos} sample NGOs (seed "${options.seed}", ${loaded.components} score components, ` +
        `${loaded.transitions} state transitions) into ${target} in ${seconds} s.`,
    );
  } finally {
    await connection?.close();
  }
}

try {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) console.log(USAGE);
  else await seed(options);
} catch (error) {
  const usage = error instanceof UsageError || String((error as { code?: unknown })?.code).startsWith("ERR_PARSE_ARGS");
  console.error(usage ? `${oneLine(error).replace(/\.?$/, ".")} Run with --help for usage.` : oneLine(error));
  process.exitCode = 1;
}
