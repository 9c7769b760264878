// `db migrate` and `db seed`: the one implementation behind `npm run db:migrate` and `db:seed`;
// and `db verify-stats`, which checks the statistics' aggregates against a recount, through the
// app's connection as the other groups' commands do. Migrate and seed open the database
// themselves rather than through getConnection, whose embedded path would load the default
// sample registry before `db seed` could choose its own, and they open it directly
// (DIRECT_DATABASE_URL when set): DDL and a bulk load are no work for a pooler, whose limits
// (transaction length, statement timeouts) suit requests.
import { config } from "@/lib/config";
import type { Connection } from "@/lib/db/connection";
import type { PrismaClient } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/sql-runner";
import { ApiError } from "@/lib/errors/api-error";
import { DEFAULT_SAMPLE_COUNT, DEFAULT_SAMPLE_SEED, MAX_SAMPLE_COUNT } from "@/lib/sample/generate-sample-registry";
import { commanderGroup, groupCommand, integerFlag } from "./commander-group";
import { formatTable } from "./format-table";
import { DATABASE_NOTE } from "./help-texts";
import { printJson } from "./print-json";
import { printable } from "./printable";
import { UsageError } from "./usage-error";
import { withDatabase } from "./with-database";

export const runDbCommand = commanderGroup((io) => {
  const group = groupCommand("db", "The database: migrate, seed, verify the statistics", io);

  group
    .command("migrate")
    .description("apply the shipped migrations the database has not had yet, each in its own transaction (also: npm run db:migrate)")
    .option("--json", "print one JSON object on stdout")
    .addHelpText("after", `\n${DATABASE_NOTE}`)
    .action(async (flags: { json?: boolean }) => {
      const { applyMigrations } = await import("@/lib/db/apply-migrations");
      const applied = await withOwnConnection((connection) => applyMigrations(connection));
      if (flags.json) return printJson(io, { applied });
      io.out(applied.length ? `Applied ${applied.join(", ")}.` : "The database is up to date.");
    });

  group
    .command("seed")
    .description("load the fictional sample registry, applying pending migrations first; refused for production (also: npm run db:seed)")
    .option("--count <n>", `how many NGOs (default ${DEFAULT_SAMPLE_COUNT})`, integerFlag("--count", 1, MAX_SAMPLE_COUNT))
    .option("--seed <seed>", `the generator's seed (default "${DEFAULT_SAMPLE_SEED}")`)
    .option("--reset", "delete every NGO first (and with them their keys); without it a registry that is not empty is left alone")
    .option("--json", "print one JSON object on stdout")
    .addHelpText("after", `\n${DATABASE_NOTE}`)
    .action(async (flags: { count?: number; seed?: string; reset?: boolean; json?: boolean }) => {
      if (flags.seed === "") throw new UsageError("--seed must not be empty", "db seed");
      const options = { count: flags.count ?? DEFAULT_SAMPLE_COUNT, seed: flags.seed ?? DEFAULT_SAMPLE_SEED, reset: Boolean(flags.reset) };
      const settings = config();
      if (settings.isProduction) {
        throw new ApiError("forbidden", "Refusing to load fictional sample NGOs into a production database (NODE_ENV=production).");
      }
      const [{ applyMigrations }, { seedSampleRegistry }, { copySampleRegistry }] = await Promise.all([
        import("@/lib/db/apply-migrations"),
        import("@/lib/sample/seed-sample-registry"),
        import("@/lib/sample/copy-sample-registry"),
      ]);
      const started = performance.now();
      const { loaded, kind } = await withOwnConnection(async (connection) => {
        await applyMigrations(connection);
        // Counted only to refuse: a reset replaces whatever is there (a count of two million
        // entries just loaded takes seconds, before visibility is recorded).
        if (!options.reset) {
          const [row] = await connection.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "ngos"`;
          const existing = row?.count ?? 0;
          if (existing > 0) throw new ApiError("conflict", `The registry already holds ${existing} NGOs: nothing loaded. Run with --reset to replace them.`);
        }
        // PostgreSQL loads through COPY; the embedded database through batched statements.
        if (!connection.loadLanes) return { loaded: await seedSampleRegistry(connection.prisma, options), kind: connection.kind };
        const loaded = await copySampleRegistry(connection, options);
        return { loaded, kind: connection.kind };
      });
      const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
      if (flags.json) return printJson(io, { ...loaded, seed: options.seed, database: kind, seconds });
      const target = kind === "postgresql" ? "PostgreSQL" : `the embedded database in ${settings.dataDir}`;
      io.out(
        `Loaded ${loaded.ngos} sample NGOs (seed "${printable(options.seed)}", ${loaded.components} score components, ` +
          `${loaded.transitions} state transitions) into ${target} in ${seconds} s.`,
      );
    });
  group
    .command("verify-stats")
    .description("recount the entries and compare with the statistics' aggregates; exit 1 where they differ")
    .option("--repair", "where they differ, rebuild the aggregates from the recount (one transaction; writes wait for it)")
    .option("--json", "print one JSON object on stdout")
    .addHelpText("after", `\n${DATABASE_NOTE}`)
    .action(async (flags: { repair?: boolean; json?: boolean }) => {
      const [{ verifyRegistryStats }, { rebuildRegistryStats }] = await Promise.all([
        import("@/lib/registry/verify-registry-stats"),
        import("@/lib/registry/rebuild-registry-stats"),
      ]);
      const verify = async (query?: SqlRunner, prisma?: PrismaClient) => {
        const found = await verifyRegistryStats(query);
        if (!found.length || !flags.repair) return { differences: found, repaired: false };
        await rebuildRegistryStats(prisma);
        return { differences: found, repaired: (await verifyRegistryStats(query)).length === 0 };
      };
      // On PostgreSQL a connection of its own, without the requests' query timeout: at 2,000,000
      // entries rendering every entry's details' JSON to compare takes longer than any request may.
      // The embedded database has no timeout, and is opened once per process.
      const { differences, repaired } = config().databaseUrl
        ? await withOwnConnection((connection) => verify((statement) => connection.query(statement), connection.prisma))
        : await withDatabase(() => verify());
      if (flags.json) printJson(io, { equal: differences.length === 0, differences, repaired });
      else if (!differences.length) io.out("The statistics' aggregates equal a recount of the entries.");
      else {
        io.out(
          formatTable(
            ["TABLE", "STATE", "SECTOR", "COUNTRY", "SCORE", "BUCKET", "MONTH", "ENTRY", "EXPECTED", "FOUND"],
            differences.map((d) => [
              d.table, d.key.state, d.key.sector ?? "-", d.key.country ?? "-", String(d.key.trust_score ?? "-"), String(d.key.bucket ?? "-"), d.key.month ?? "-", d.key.ngo_id ?? "-",
              describeSide(d.expected), describeSide(d.found),
            ]),
          ),
        );
        if (flags.repair) io.out(repaired ? "Repaired: the aggregates were rebuilt from the recount." : "The rebuild did not make them equal.");
      }
      // A scheduled run must notice, also when it repaired: exit 1 (the report above says where).
      if (differences.length) {
        throw new ApiError("conflict", `The statistics' aggregates differ from a recount in ${differences.length} places${repaired ? " (now repaired)" : ""}.`);
      }
    });
  return group;
});

function describeSide(side: { count: number; score_sum?: number }): string {
  return side.score_sum === undefined ? String(side.count) : `${side.count} (sum ${side.score_sum})`;
}

async function withOwnConnection<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
  const { openConnection } = await import("@/lib/db/connection");
  const connection = await openConnection(config(), { direct: true });
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}
