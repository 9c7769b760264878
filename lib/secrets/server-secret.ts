// The one server secret: it seals cursors and signs embed sessions, so every instance must hold
// the same one. Configured (SERVER_SECRET) wherever a database is; the embedded mode, one
// process by construction, makes its own on first start and keeps it beside its database.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { createExclusively } from "@/lib/fs/create-exclusively";
import { processWide } from "@/lib/process-wide";

export const SERVER_SECRET_FILE = "server-secret";

/** The secret's bytes (read once per process). */
export function serverSecret(): Buffer {
  return processWide("server-secret", () => {
    const { serverSecret: configured, dataDir } = config();
    return Buffer.from(configured ?? readOrCreateSecretFile(path.join(dataDir, SERVER_SECRET_FILE)), "utf8");
  });
}

/**
 * Reads the generated secret, or writes a new one. The new one is written whole to a file of its
 * own and then linked into place, which fails if the name exists: two processes starting
 * together both end up with the one secret that was linked first, never half of one.
 */
export function readOrCreateSecretFile(file: string): string {
  if (!fs.existsSync(file)) createExclusively(file, `${randomBytes(32).toString("base64url")}\n`);
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} does not hold a server secret: delete it to have a new one made`);
  return secret;
}
