import type { RequestRecord } from "./request-context";
import { routePattern } from "./route-pattern";

// The method is a token the client chooses: anything else is logged as OTHER, not as sent.
const METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "TRACE", "CONNECT"]);

export type AccessLogFields = {
  request_id: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  tier: string | null;
  key_id: string | null;
  /** The client went away before the answer was complete. */
  aborted?: true;
};

/**
 * The fields of one access-log line. Built from the route pattern and what the API layer noted,
 * never from the URL, its query, headers or body: those can hold keys, tokens, client secrets,
 * cursors or e-mail addresses.
 */
export function accessLogFields(
  request: { method?: string; url?: string },
  answer: { status: number; durationMs: number; complete: boolean },
  record: RequestRecord,
): AccessLogFields {
  const method = request.method?.toUpperCase() ?? "";
  return {
    request_id: record.id,
    method: METHODS.has(method) ? method : "OTHER",
    route: routePattern(pathnameOf(request.url)),
    status: answer.status,
    duration_ms: Math.round(answer.durationMs * 10) / 10,
    tier: record.tier ?? null,
    key_id: record.keyId ?? null,
    ...(answer.complete ? {} : { aborted: true as const }),
  };
}

function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return "/";
  }
}
