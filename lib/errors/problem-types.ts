// The one map from error kind to HTTP status and title. Each kind has a stable `type` URI,
// relative to the service (RFC 9457 §3.1.1 allows a relative reference).

export const PROBLEM_TYPES = {
  invalid_request: { status: 400, title: "The request is not valid" },
  unauthorized: { status: 401, title: "Authentication required" },
  payment_declined: { status: 402, title: "The payment was declined" },
  forbidden: { status: 403, title: "Not allowed" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  donations_unavailable: { status: 409, title: "The NGO does not accept donations" },
  intent_state_conflict: { status: 409, title: "Not possible in the donation intent's state" },
  provider_collects_payment: { status: 409, title: "The payment provider collects the payment details" },
  precondition_failed: { status: 412, title: "Precondition failed" },
  payload_too_large: { status: 413, title: "Request body too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  idempotency_key_reused: { status: 422, title: "Idempotency-Key reused with another request" },
  amount_not_accepted: { status: 422, title: "The payment provider does not accept this amount" },
  quota_exceeded: { status: 429, title: "Too many requests" },
  internal_error: { status: 500, title: "Internal error" },
  service_unavailable: { status: 503, title: "Service unavailable" },
  payment_provider_unavailable: { status: 503, title: "The payment provider is unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEM_TYPES;

export function problemTypeUri(code: ProblemCode): string {
  return `/problems/${code.replaceAll("_", "-")}`;
}
