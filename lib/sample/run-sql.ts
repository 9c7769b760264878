/**
 * Runs one statement and returns its rows: how the sample loaders' shared steps (reset, indexes
 * built after) reach the database, through a Prisma transaction or a bulk load's connection alike.
 */
export type RunSql = <T = Record<string, unknown>>(sql: string) => Promise<T[]>;
