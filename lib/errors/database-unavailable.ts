// Recognises "the database is not there, or not answering" among the many shapes drivers throw
// it in (pg's socket errors and timeouts, PostgreSQL's SQLSTATEs, Prisma's codes and
// driver-adapter kinds, each possibly wrapped as a cause or inside an AggregateError), and says so
// in fixed words: the driver's own message may carry a connection string. The CLI prints the
// words; the API answers 503 (fromDatabaseError).

import { sqlState } from "./sql-state";

const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
const PRISMA_UNREACHABLE = new Set(["P1001", "P1002", "P1017"]);
const TIMEOUT_MESSAGES = ["timeout expired", "connection timeout", "Connection terminated", "timeout exceeded when trying to connect"];

/** Why the database is unavailable, or undefined when the error is something else. */
export function describeDatabaseUnavailable(error: unknown): string | undefined {
  for (const item of errorChain(error)) {
    const code = typeof item.code === "string" ? item.code : undefined;
    const kind = typeof item.kind === "string" ? item.kind : undefined;
    const message = typeof item.message === "string" ? item.message : "";
    // SQLSTATE classes: 08 connection exception, 28 invalid authorisation, 57P operator intervention.
    const state = sqlState(item) ?? "";
    if (state === "3D000" || code === "P1003" || kind === "DatabaseDoesNotExist") {
      return "The database named in DATABASE_URL does not exist.";
    }
    if (state.startsWith("28") || code === "P1000" || code === "P1010" || kind === "AuthenticationFailed") {
      return "PostgreSQL refused the credentials in DATABASE_URL.";
    }
    if (state === "53300" || kind === "TooManyConnections") return "PostgreSQL has no free connection (too many clients).";
    // pg's query_timeout (DB_QUERY_TIMEOUT_MS), and PostgreSQL's statement_timeout.
    if (message.startsWith("Query read timeout") || state === "57014") return "The database did not answer in time.";
    if (
      (code && (SOCKET_CODES.has(code) || PRISMA_UNREACHABLE.has(code))) ||
      state.startsWith("08") ||
      state.startsWith("57P") ||
      kind === "DatabaseNotReachable" ||
      kind === "SocketTimeout" ||
      TIMEOUT_MESSAGES.some((m) => message.startsWith(m))
    ) {
      return `The database is unreachable${code && SOCKET_CODES.has(code) ? ` (${code})` : ""}: check DATABASE_URL and that PostgreSQL is running.`;
    }
  }
  return undefined;
}

type ErrorLike = { code?: unknown; kind?: unknown; message?: unknown };

/** The error, its causes and the members of AggregateErrors, depth first, bounded. */
function errorChain(error: unknown): ErrorLike[] {
  const seen: ErrorLike[] = [];
  const visit = (item: unknown, depth: number) => {
    if (depth > 5 || typeof item !== "object" || item === null || seen.includes(item as ErrorLike)) return;
    seen.push(item as ErrorLike);
    const { cause, errors } = item as { cause?: unknown; errors?: unknown };
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const member of errors) visit(member, depth + 1);
  };
  visit(error, 0);
  return seen;
}
