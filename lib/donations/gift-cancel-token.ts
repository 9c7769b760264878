// The donor's cancel link for a monthly gift: no account, so the link itself is the capability. A
// JWT signed (HS256) under a key derived from the server secret for this purpose alone, with an
// audience of its own: an embed session (another key, another audience, and encrypted) can never
// pass for a cancel token, nor a cancel token for a session. It names only the intent, whose id
// is no secret; it cannot be changed unnoticed.
import { errors, jwtVerify, SignJWT } from "jose";
import { ApiError } from "@/lib/errors/api-error";
import { deriveKey } from "@/lib/secrets/derive-key";

const ISSUER = "trust-registry";
const AUDIENCE = "gift-cancel";
/** A monthly gift may run for years: the link in its confirmation stays good this long. */
export const GIFT_CANCEL_TOKEN_TTL_MS = 3 * 365 * 86_400_000;

export async function mintGiftCancelToken(intentId: string, now = new Date()): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(intentId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor((now.getTime() + GIFT_CANCEL_TOKEN_TTL_MS) / 1000))
    .sign(deriveKey("gift-cancel"));
}

/** The intent a cancel token names, or a 400 naming `token` that says why not. */
export async function verifyGiftCancelToken(token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, deriveKey("gift-cancel"), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || !/^di_[0-9a-z]{24}$/.test(payload.sub)) throw new Error("no intent");
    return payload.sub;
  } catch (error) {
    const reason =
      error instanceof errors.JWTExpired
        ? "has expired: ask the NGO to cancel the gift for you"
        : "is not a valid cancel link: it was changed, cut short, or not made by this service";
    throw ApiError.invalid([{ name: "token", reason }]);
  }
}
