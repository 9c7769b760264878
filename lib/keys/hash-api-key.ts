import { createHash } from "node:crypto";

/**
 * What the database stores instead of the key: SHA-256 of the whole key, hex. A key carries 256
 * random bits, so its hash cannot be reversed by guessing, and a slow password KDF (bcrypt,
 * scrypt, argon2) would only add cost to every request: those exist for low-entropy passwords.
 * Plain SHA-256 also keeps the hash usable as a unique index, so a key is found in one lookup.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
