import { ApiError } from "@/lib/errors/api-error";

/**
 * A 401 with the RFC 6750 challenge: no error code when no key was sent, `invalid_token` for a
 * key that is malformed, unknown, revoked or expired, `invalid_request` for a garbled header.
 */
export function unauthorized(detail: string, error?: "invalid_token" | "invalid_request"): ApiError {
  const challenge = `Bearer realm="trust-registry"${error ? `, error="${error}"` : ""}`;
  return new ApiError("unauthorized", detail, { headers: { "WWW-Authenticate": challenge } });
}
