// The one database handle of this process. The embedded default (no DATABASE_URL) migrates
// itself and gets its fill (embedded-fill.ts: the sample registry) on first start; a configured
// PostgreSQL is migrated by `npm run db:migrate`, never behind the operator's back.
import { config } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { applyMigrations } from "./apply-migrations";
import { openConnection, type Connection, type QueryOptions } from "./connection";
import { embeddedFill } from "./embedded-fill";
import type { Prisma, PrismaClient } from "./generated/client";

export type { Connection } from "./connection";
export { Prisma, type PrismaClient } from "./generated/client";

// One per process: an embedded database must be opened exactly once. A failed open is forgotten,
// so the next caller tries again.
const handle = () => processWide("database", () => ({ current: undefined as Promise<Connection> | undefined }));

export function getConnection(): Promise<Connection> {
  const holder = handle();
  holder.current ??= open().catch((error: unknown) => {
    holder.current = undefined;
    throw error;
  });
  return holder.current;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getConnection()).prisma;
}

/** Runs a composed statement on the driver (see Connection.query). */
export async function queryRows<T>(statement: Prisma.Sql, options?: QueryOptions): Promise<T[]> {
  return (await getConnection()).query<T>(statement, options);
}

/**
 * The text of a statement's one column in every row as bytes, each row followed by a newline
 * (Connection.copyLines); null on a database that cannot send them so (PGlite), whose callers
 * read rows with queryRows instead.
 */
export async function copyLines(statement: Prisma.Sql): Promise<Buffer[] | null> {
  const connection = await getConnection();
  return connection.copyLines ? connection.copyLines(statement) : null;
}

/** Closes the handle (CLI commands and tests); the next getConnection opens a new one. */
export async function closeConnection(): Promise<void> {
  const holder = handle();
  const pending = holder.current;
  holder.current = undefined;
  if (pending) await (await pending).close();
}

async function open(): Promise<Connection> {
  const connection = await openConnection(config());
  if (connection.kind === "pglite") {
    try {
      await applyMigrations(connection);
      await embeddedFill()?.(connection.prisma);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
  return connection;
}
