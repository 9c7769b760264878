import { processWide } from "@/lib/process-wide";
import { createApiKeyVerifier, type ApiKeyVerifier } from "./create-api-key-verifier";

/** The process's one key verifier and its cache, shared by proxy.ts, every handler and revocation. */
export function keyVerifier(): ApiKeyVerifier {
  return processWide("key-verifier", () => createApiKeyVerifier());
}
