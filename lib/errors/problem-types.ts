// The one map from error kind to HTTP status and title. Each kind has a stable `type` URI,
// relative to the service (RFC 9457 §3.1.1 allows a relative reference).

export const PROBLEM_TYPES = {
  invalid_request: { status: 400, title: "The request is not valid" },
  unauthorized: { status: 401, title: "Authentication required" },
  forbidden: { status: 403, title: "Not allowed" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  donations_unavailable: { status: 409, title: "The NGO does not accept donations" },
  intent_state_conflict: { status: 409, title: "Not possible in the donation intent's state" },
  precondition_failed: { status: 412, title: "Precondition failed" },
  payload_too_large: { status: 413, title: "Request body too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  idempotency_key_reused: { status: 422, title: "Idempotency-Key reused with another request" },
  quota_exceeded: { status: 429, title: "Too many requests" },
  internal_error: { status: 500, title: "Internal error" },
  service_unavailable: { status: 503, title: "Service unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEM_TYPES;

export function problemTypeUri(code: ProblemCode): string {
  return `/problems/${code.replaceAll("_", "-")}`;
}
