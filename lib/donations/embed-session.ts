// The hosted widget's embed session (DESIGN.md §5): the widget runs on the registry's origin, so
// its calls cannot carry the NGO site's Origin. The page, when served to an allowed parent, gets
// a short-lived JWT naming the key, the NGO and the allowed parent origins, and presents it to
// the intent endpoint instead. The preview (the explorer's own iframe) gets one naming no key.
import { errors, jwtVerify, SignJWT } from "jose";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { unauthorized } from "@/lib/http/unauthorized";
import { deriveKey } from "@/lib/secrets/derive-key";

const ISSUER = "trust-registry";
const AUDIENCE = "embed-session";

export type EmbedSession = {
  /** The publishable key the widget was served with; null for the preview. */
  keyId: string | null;
  ngoId: string;
  ngoSlug: string;
  /** The parent origins the widget may talk to (the key's allowlist, or the registry's own). */
  origins: string[];
  preview: boolean;
  expiresAt: Date;
};

export async function mintEmbedSession(session: Omit<EmbedSession, "expiresAt">, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + config().donations.embedSessionTtlMs);
  const token = await new SignJWT({ kid: session.keyId, ngo: session.ngoId, slug: session.ngoSlug, origins: session.origins, preview: session.preview })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(deriveKey("embed-session"));
  return { token, expiresAt };
}

/** A JWT's shape (three base64url parts), as opposed to an API key's tr_… */
export function looksLikeEmbedSession(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/** The session a token carries, or a 401 saying why not (expired, or not made here). */
export async function verifyEmbedSession(token: string): Promise<EmbedSession> {
  try {
    const { payload } = await jwtVerify(token, deriveKey("embed-session"), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    const { kid, ngo, slug, origins, preview, exp } = payload;
    if ((kid !== null && typeof kid !== "string") || typeof ngo !== "string" || typeof slug !== "string" || !Array.isArray(origins) || typeof exp !== "number") {
      throw new ApiError("unauthorized", "The embed session is not valid.");
    }
    return { keyId: kid, ngoId: ngo, ngoSlug: slug, origins: origins.map(String), preview: preview === true, expiresAt: new Date(exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized("The embed session has expired: reload the donation widget.", "invalid_token");
    throw unauthorized("The embed session is not valid: it was changed, or not made by this service.", "invalid_token");
  }
}
