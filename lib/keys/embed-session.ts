// The hosted widget's embed session (docs/concepts.md#identity-keys-origins-and-embed-sessions):
// the widget runs on the registry's origin, so its calls cannot carry the NGO site's Origin. The
// page, when served to an allowed parent, gets a short-lived token naming the key and the NGO, and
// presents it to the intent endpoint instead. The preview (the explorer's own iframe) gets one
// naming no key. The token is an encrypted JWT (JWE, AES-256-GCM under a key derived from the
// server secret): it travels in a public page, and the ids it names (the NGO's internal id, the
// key's id) are for operators only, so nobody else may read it, and nobody may change it unnoticed.
import { randomBytes } from "node:crypto";
import { EncryptJWT, errors, jwtDecrypt } from "jose";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { unauthorized } from "@/lib/errors/unauthorized";
import { deriveKey } from "@/lib/secrets/derive-key";

const ISSUER = "trust-registry";
const AUDIENCE = "embed-session";

export type EmbedSession = {
  /** This session alone: whose Idempotency-Keys its intents are kept under. */
  id: string;
  /** The publishable key the widget was served with; null for the preview. */
  keyId: string | null;
  ngoId: string;
  ngoSlug: string;
  preview: boolean;
  expiresAt: Date;
};

export async function mintEmbedSession(
  session: Omit<EmbedSession, "id" | "expiresAt">,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + config().donations.embedSessionTtlMs);
  const token = await new EncryptJWT({ kid: session.keyId, ngo: session.ngoId, slug: session.ngoSlug, preview: session.preview })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", typ: "JWT" })
    .setJti(randomBytes(16).toString("base64url"))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .encrypt(deriveKey("embed-session"));
  return { token, expiresAt };
}

/** A compact JWE's shape (five base64url parts, the key part empty), as opposed to an API key's tr_… */
export function looksLikeEmbedSession(token: string): boolean {
  return /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/** The session a token carries, or a 401 saying why not (expired, or not made here). */
export async function verifyEmbedSession(token: string): Promise<EmbedSession> {
  try {
    const { payload } = await jwtDecrypt(token, deriveKey("embed-session"), {
      issuer: ISSUER,
      audience: AUDIENCE,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const { jti, kid, ngo, slug, preview, exp } = payload;
    if (typeof jti !== "string" || (kid !== null && typeof kid !== "string") || typeof ngo !== "string" || typeof slug !== "string" || typeof exp !== "number") {
      throw new ApiError("unauthorized", "The embed session is not valid.");
    }
    return { id: jti, keyId: kid, ngoId: ngo, ngoSlug: slug, preview: preview === true, expiresAt: new Date(exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized("The embed session has expired: reload the donation widget.", "invalid_token");
    throw unauthorized("The embed session is not valid: it was changed, or not made by this service.", "invalid_token");
  }
}
