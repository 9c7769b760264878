// One key per purpose, derived from the server secret (HKDF-SHA256), so a cursor can never be
// passed off as an embed session, nor either as a monthly gift's cancel link, or the other way round.
import { hkdfSync } from "node:crypto";
import { processWide } from "@/lib/process-wide";
import { serverSecret } from "./server-secret";

export type KeyPurpose = "cursor" | "embed-session" | "gift-cancel";

/** 32 bytes for `purpose`, the same in every instance that shares the server secret. */
export function deriveKey(purpose: KeyPurpose): Buffer {
  return processWide(`derived-key.${purpose}`, () =>
    Buffer.from(hkdfSync("sha256", serverSecret(), Buffer.alloc(0), `trust-registry ${purpose} v1`, 32)),
  );
}
