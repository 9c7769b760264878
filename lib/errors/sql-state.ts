/**
 * The SQLSTATE of a database error, however it surfaced: Prisma's own errors (P2002, P2003,
 * P2010 from raw queries, P2039 …) carry the driver adapter's error in `meta`, while a statement
 * run straight on pg or PGlite (queryRows) throws the driver's error with `code` itself.
 */
export function sqlState(error: unknown): string | undefined {
  const { code, meta } = (error ?? {}) as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  const original = meta?.driverAdapterError?.cause?.originalCode;
  if (typeof original === "string") return original;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
