import { ApiError } from "./api-error";
import { describeDatabaseUnavailable } from "./database-unavailable";
import { sqlState } from "./sql-state";

/** What a 503 for an unavailable database asks the client to wait, in seconds. */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * A database error that a client's request can cause, as the problem it is, or undefined for
 * anything else (that stays a 500). Domain code that knows what was meant (which slug, which
 * endpoint) says so itself; this is the net under all of it, so a race or an odd value is never
 * a 500 however it reaches the database. A database that is down, refuses connections or does
 * not answer in time is a 503 with Retry-After: nothing the client did, and worth a retry.
 */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  // A write to a row that another request deleted in the meantime (Prisma's "record not found").
  if (code === "P2025") return new ApiError("not_found", "The resource no longer exists: another request removed it.");
  const state = sqlState(error);
  if (state === "23505" || code === "P2002") {
    return new ApiError("conflict", "Another request wrote the same unique value at the same moment: retry, or choose another.");
  }
  if (state === "23503") {
    return new ApiError("conflict", "The resource this refers to was removed by another request at the same moment.");
  }
  if (state === "40001" || state === "40P01") {
    return new ApiError("conflict", "Another request changed the same data at the same moment: retry.");
  }
  // Class 22, data exceptions: a value the database cannot hold (a NUL byte, a date out of range).
  if (state?.startsWith("22")) return new ApiError("invalid_request", "A value in the request cannot be stored or searched for.");
  if (describeDatabaseUnavailable(error)) {
    return new ApiError("service_unavailable", "The registry's database is not answering right now. Please try again shortly.", {
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) },
    });
  }
  return undefined;
}
