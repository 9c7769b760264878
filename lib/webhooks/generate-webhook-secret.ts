import { randomBytes } from "node:crypto";

/** A Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
