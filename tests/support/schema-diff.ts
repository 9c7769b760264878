// `prisma migrate diff --from-migrations prisma/migrations --to-schema prisma/schema.prisma`
// without the native schema engine, which cannot be downloaded here: Prisma's schema engine
// compiled to WebAssembly, with an in-memory PGlite as its shadow database (see
// /work/shared/ENVIRONMENT.md, "Prisma without its native engines"). The engine API is internal
// to Prisma, which is why @prisma/schema-engine-wasm is pinned.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { bindMigrationAwareSqlAdapterFactory, DriverAdapterError } from "@prisma/driver-adapter-utils";
import * as engineGlue from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { listShippedMigrations, type ShippedMigration } from "@/lib/db/shipped-migrations";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const nodeRequire = createRequire(import.meta.url);

export type SchemaDiffOptions = {
  /** Prisma schema text; defaults to prisma/schema.prisma. */
  schema?: string;
  /** Migrations in the order they apply; defaults to the ones in prisma/migrations. */
  migrations?: Pick<ShippedMigration, "name" | "sql">[];
};

/**
 * The SQL that takes the database the migrations build to the one the schema describes:
 * "" when they agree. Only what Prisma manages is compared (tables, columns, indexes, keys,
 * enums); CHECK constraints, functions, triggers and rows in a migration are invisible to it.
 */
export function diffSchemaAgainstMigrations(options: SchemaDiffOptions = {}): Promise<string> {
  // One shared shadow database, so diffs take turns.
  const run = queue.then(() => diffOnce(options));
  queue = run.catch(() => {});
  return run;
}

/** The git commit of the schema engine in use (prisma-engines). */
export async function schemaEngineVersion(): Promise<string> {
  return (await loadEngine()).version();
}

/** Closes the shadow database; the next diff opens a new one. */
export async function closeSchemaDiff(): Promise<void> {
  await queue;
  const db = shadow;
  shadow = undefined;
  if (db) await (await db).close();
}

let queue: Promise<unknown> = Promise.resolve();
let shadow: Promise<PGlite> | undefined;
let engineModule: Promise<typeof engineGlue> | undefined;

async function diffOnce({ schema, migrations }: SchemaDiffOptions): Promise<string> {
  const wasm = await loadEngine();
  const db = await openShadow();
  const schemaText = schema ?? fs.readFileSync(path.join(ROOT, "prisma", "schema.prisma"), "utf8");
  const migrationsDir = path.join(ROOT, "prisma", "migrations");
  const applied = migrations ?? listShippedMigrations(migrationsDir);

  // The engine applies the migrations to the shadow database as it finds it, without resetting
  // it. (A migration that creates other schemas would need them dropped here too.)
  await db.exec(`DROP SCHEMA IF EXISTS "public" CASCADE; CREATE SCHEMA "public";`);
  // The engine's "main" connection is only probed (server version, schema) by a diff between a
  // migrations folder and a schema: the shadow database serves as both.
  const connection = await new PrismaPGlite(db).connect();
  // pglite-prisma-adapter's executeScript neither awaits nor reports client.exec, so a migration
  // that fails would be skipped silently (the diff may even come out empty) and its error would
  // surface later as an unhandled rejection. Awaited, the engine names the broken migration.
  connection.executeScript = async (script) => {
    try {
      await db.exec(script);
    } catch (error) {
      throw toDriverAdapterError(error);
    }
  };
  const factory = bindMigrationAwareSqlAdapterFactory({
    provider: "postgres",
    adapterName: connection.adapterName,
    connect: async () => connection,
    connectToShadowDb: async () => connection,
  });

  const engine = await wasm.SchemaEngine.new({ datamodels: undefined }, () => {}, factory);
  try {
    const result = await engine.diff({
      from: {
        tag: "migrations",
        baseDir: migrationsDir,
        // The engine reads the provider from the lock file and refuses to diff without it.
        lockfile: { path: "migration_lock.toml", content: readIfExists(path.join(migrationsDir, "migration_lock.toml")) },
        shadowDbInitScript: "",
        migrationDirectories: applied.map((m) => ({
          path: m.name,
          migrationFile: { path: "migration.sql", content: { tag: "ok", value: m.sql } },
        })),
      },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schemaText }] },
      script: true,
      // Exit code 2 means "not empty": more reliable than matching the "empty migration" comment.
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.exitCode === 0 ? "" : (result.stdout ?? "");
  } catch (error) {
    throw explainEngineError(error);
  } finally {
    engine.free();
  }
}

function openShadow(): Promise<PGlite> {
  shadow ??= createShadow().catch((error: unknown) => {
    shadow = undefined;
    throw error;
  });
  return shadow;
}

/**
 * A new PGlite runs initdb: 4 to 15 s on a busy machine, most of this test's time. Loading the
 * data directory of an empty cluster takes 1 to 2 s, so the first run keeps one, per PGlite
 * version, under node_modules/.cache (gone with node_modules; safe to delete at any time).
 */
async function createShadow(): Promise<PGlite> {
  const pglite = path.join(path.dirname(nodeRequire.resolve("@electric-sql/pglite/pglite.wasm")), "..");
  const { version } = JSON.parse(fs.readFileSync(path.join(pglite, "package.json"), "utf8")) as { version: string };
  const cache = path.join(ROOT, "node_modules", ".cache", "schema-diff", `pglite-${version}-initdb.tar.gz`);
  if (fs.existsSync(cache)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([new Uint8Array(fs.readFileSync(cache))]) });
    } catch {
      // Unreadable: replaced below.
    }
  }
  const db = await PGlite.create();
  try {
    const dump = new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    // Renamed into place, so that a concurrent run never loads half a file.
    const partial = `${cache}.${process.pid}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, cache);
  } catch {
    // Only a cache: the next run builds it again.
  }
  return db;
}

/**
 * Instantiates the engine once per process. The package's own entry point imports the .wasm
 * file as an ES module, which Node does not do without a flag, so the bindings ("glue") are
 * wired to the module by hand, as wasm-bindgen's generated entry would.
 *
 * Which .wasm: the prisma CLI ships, unreferenced by its own code, build/schema_engine_bg.wasm
 * built from the engines commit of the CLI itself (@prisma/engines-version), which is not
 * published as @prisma/schema-engine-wasm. It is preferred when the pinned glue can drive it
 * (same imports and exports); otherwise the pinned package's own .wasm is used.
 */
function loadEngine(): Promise<typeof engineGlue> {
  engineModule ??= Promise.resolve().then(() => {
    // The engine's panic hook reports the Rust panic message there (see explainEngineError).
    panicRegistry().PRISMA_WASM_PANIC_REGISTRY ??= {
      message: "",
      set_message(message) {
        this.message = message;
      },
    };

    const packaged = new WebAssembly.Module(fs.readFileSync(
      path.join(path.dirname(nodeRequire.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm"),
    ));
    const cliFile = path.join(path.dirname(nodeRequire.resolve("prisma/package.json")), "build", "schema_engine_bg.wasm");
    const cli = fs.existsSync(cliFile) ? new WebAssembly.Module(fs.readFileSync(cliFile)) : undefined;
    const chosen = cli && sameInterface(cli, packaged) ? cli : packaged;

    const instance = new WebAssembly.Instance(chosen, { "./schema_engine_bg.js": engineGlue });
    engineGlue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return engineGlue;
  });
  return engineModule;
}

function sameInterface(a: WebAssembly.Module, b: WebAssembly.Module): boolean {
  const names = (m: WebAssembly.Module) =>
    [...WebAssembly.Module.imports(m), ...WebAssembly.Module.exports(m)].map((d) => `${d.kind}:${d.name}`).sort().join();
  return names(a) === names(b);
}

/** A PostgreSQL error as Prisma's adapters report it, so the engine quotes it. */
function toDriverAdapterError(error: unknown): unknown {
  const e = error as Partial<Record<"code" | "severity" | "message" | "detail" | "column" | "hint", string>>;
  if (typeof e?.code !== "string" || typeof e.message !== "string") return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: e.code,
    severity: e.severity ?? "ERROR",
    message: e.message,
    detail: e.detail,
    column: e.column,
    hint: e.hint,
  });
}

function explainEngineError(error: unknown): unknown {
  // A Rust panic arrives as "RuntimeError: unreachable"; the message is in the registry. The
  // instance is unusable afterwards, and the glue cannot be re-wired: restart the process.
  if (!(error instanceof WebAssembly.RuntimeError)) return error;
  const message = panicRegistry().PRISMA_WASM_PANIC_REGISTRY?.message || error.message;
  return new Error(`Schema engine panicked: ${message}`, { cause: error });
}

type PanicRegistry = { message: string; set_message(this: PanicRegistry, message: string): void };

function panicRegistry() {
  return globalThis as typeof globalThis & { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
}

function readIfExists(file: string): string | null {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
}
