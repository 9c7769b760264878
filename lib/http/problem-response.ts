import { ApiError } from "@/lib/errors/api-error";
import { withApiHeaders } from "./api-headers";
import { log } from "@/lib/log";
import { PROBLEM_TYPES, problemTypeUri } from "@/lib/errors/problem-types";

/**
 * Turns anything thrown into an RFC 9457 problem+json response. Unknown errors become a bare
 * 500: their messages can hold SQL or connection details, so neither the response nor the log
 * line carries them.
 */
export function problemResponse(error: unknown, instance?: string): Response {
  const problem = error instanceof ApiError ? error : unexpected(error);
  const body = {
    type: problemTypeUri(problem.code),
    title: PROBLEM_TYPES[problem.code].title,
    status: problem.status,
    detail: problem.detail,
    ...(instance ? { instance } : {}),
    ...(problem.extras.errors ? { errors: problem.extras.errors } : {}),
  };
  const response = new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
  });
  for (const [name, value] of Object.entries(problem.extras.headers ?? {})) response.headers.set(name, value);
  return withApiHeaders(response);
}

function unexpected(error: unknown): ApiError {
  const kind = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  log("error", "unhandled error", { error: kind, ...(typeof code === "string" ? { code } : {}) });
  return new ApiError("internal_error", "Something went wrong on our side. Please try again later.");
}
