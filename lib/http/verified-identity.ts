import type { KeyFailure, KeyIdentity } from "@/lib/keys/key-identity";
import { verifyApiKey } from "@/lib/keys/verify-api-key";
import { ApiError } from "@/lib/errors/api-error";
import { unauthorized } from "./unauthorized";

const FAILURES: Record<KeyFailure, string> = {
  malformed: "The API key is not valid: it is not shaped like a Trust Registry key, or its checksum is wrong.",
  unknown: "The API key is not valid.",
  revoked: "The API key has been revoked.",
  expired: "The API key has expired.",
};

/**
 * The identity of a presented key. Fails closed: a key that does not verify is a 401, and a
 * database that cannot be asked about it a 503, never an anonymous pass.
 */
export async function verifiedIdentity(token: string): Promise<KeyIdentity> {
  const verification = await verifyApiKey(token).catch(() => {
    throw new ApiError("service_unavailable", "API keys cannot be checked right now. Please try again shortly.", {
      headers: { "Retry-After": "5" },
    });
  });
  if (!verification.ok) throw unauthorized(FAILURES[verification.reason], "invalid_token");
  return verification.identity;
}
