// The one database handle of this process. The embedded default (no DATABASE_URL) migrates
// itself and loads the sample registry on first start; a configured PostgreSQL is migrated by
// `npm run db:migrate`, never behind the operator's back.
import { config } from "@/lib/config";
import { applyMigrations } from "./apply-migrations";
import { openConnection, type Connection } from "./connection";
import type { Prisma, PrismaClient } from "./generated/client";

export type { Connection } from "./connection";
export { Prisma, type PrismaClient } from "./generated/client";

// Kept on globalThis: Next may evaluate this module more than once (proxy, routes, dev reloads),
// and an embedded database must be opened exactly once per process.
const holder = globalThis as typeof globalThis & { __trustRegistryDb?: Promise<Connection> };

export function getConnection(): Promise<Connection> {
  holder.__trustRegistryDb ??= open().catch((error: unknown) => {
    holder.__trustRegistryDb = undefined;
    throw error;
  });
  return holder.__trustRegistryDb;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getConnection()).prisma;
}

/** Runs a composed statement on the driver (see Connection.query). */
export async function queryRows<T>(statement: Prisma.Sql): Promise<T[]> {
  return (await getConnection()).query<T>(statement);
}

/** Closes the handle (CLI commands and tests); the next getConnection opens a new one. */
export async function closeConnection(): Promise<void> {
  const pending = holder.__trustRegistryDb;
  holder.__trustRegistryDb = undefined;
  if (pending) await (await pending).close();
}

async function open(): Promise<Connection> {
  const connection = await openConnection(config());
  if (connection.kind === "pglite") {
    try {
      await applyMigrations(connection);
      const { ensureSampleRegistry } = await import("@/lib/registry/sample/ensure-sample-registry");
      await ensureSampleRegistry(connection.prisma);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
  return connection;
}
