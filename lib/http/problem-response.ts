import { ApiError } from "@/lib/errors/api-error";
import { describeDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { fromDatabaseError } from "@/lib/errors/from-database-error";
import { sqlState } from "@/lib/errors/sql-state";
import { withApiHeaders } from "./api-headers";
import { log } from "@/lib/log";
import { PROBLEM_TYPES, problemTypeUri } from "@/lib/errors/problem-types";

/**
 * Turns anything thrown into an RFC 9457 problem+json response. A database error a request can
 * cause (a race on a unique value, a row deleted meanwhile) is its 4xx, a database that is not
 * answering a 503; other unknown errors become a bare 500. Their messages can hold SQL or
 * connection details, so neither the response nor the log line carries them.
 */
export function problemResponse(error: unknown, instance?: string): Response {
  const problem = asProblem(error);
  const response = new Response(JSON.stringify(problemBody(problem, instance)), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
  });
  for (const [name, value] of Object.entries(problem.extras.headers ?? {})) response.headers.set(name, value);
  return withApiHeaders(response);
}

/** The problem+json body of an ApiError: also what a stream that has already begun (the bulk
 * export) writes in-band when it must stop. */
export function problemBody(problem: ApiError, instance?: string) {
  return {
    type: problemTypeUri(problem.code),
    title: PROBLEM_TYPES[problem.code].title,
    status: problem.status,
    detail: problem.detail,
    ...(instance ? { instance } : {}),
    ...(problem.extras.errors ? { errors: problem.extras.errors } : {}),
  };
}

/** Anything thrown as the ApiError it is, or the 4xx or 500 it becomes (logged without its message). */
export function asProblem(error: unknown): ApiError {
  return error instanceof ApiError ? error : unexpected(error);
}

function unexpected(error: unknown): ApiError {
  const known = fromDatabaseError(error);
  if (known?.status === 503) {
    log("warn", "database unavailable", { reason: describeDatabaseUnavailable(error) ?? "unknown" });
    return known;
  }
  if (known) {
    // Worth a look when it recurs (a check that should have caught it earlier), never a 500.
    log("warn", "database refused a request", { status: known.status, sqlstate: sqlState(error) ?? "none" });
    return known;
  }
  const kind = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  log("error", "unhandled error", { error: kind, ...(typeof code === "string" ? { code } : {}) });
  return new ApiError("internal_error", "Something went wrong on our side. Please try again later.");
}
