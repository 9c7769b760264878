// The client secret: the capability to confirm, cancel and follow one intent.
// Only its SHA-256 is stored; the secret names its intent, so a secret for another intent fails.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function newClientSecret(intentId: string): { secret: string; hash: string } {
  const secret = `${intentId}_secret_${randomBytes(24).toString("base64url")}`;
  return { secret, hash: hashClientSecret(secret) };
}

export function hashClientSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function clientSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashClientSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
