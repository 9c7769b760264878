// One composed statement (Prisma.sql: values always parameters) on whatever connection a write
// holds: a Prisma transaction or a bulk load's own connection. Code that both can run (an
// import's slug assignment, the outbox write) takes a runner, so it is written once.
import type { BulkLoad } from "./bulk-load";
import type { Prisma } from "./generated/client";

export type SqlRunner = <T = Record<string, unknown>>(statement: Prisma.Sql) => Promise<T[]>;

export function transactionRunner(tx: Prisma.TransactionClient): SqlRunner {
  return <T,>(statement: Prisma.Sql) => tx.$queryRaw<T[]>(statement);
}

export function bulkRunner(bulk: BulkLoad): SqlRunner {
  return <T,>(statement: Prisma.Sql) => bulk.query<T>(statement.text, statement.values);
}
