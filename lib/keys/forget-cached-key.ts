import { clearKeyOriginsCache } from "./key-origins-cache";
import { keyVerifier } from "./key-verifier";

/**
 * What this process remembers about a key it just revoked (or retired by rotation) is dropped at
 * once, so the same instance refuses the key on its very next use; other instances keep the
 * stated bound (KEY_CACHE_TTL_MS).
 */
export function forgetCachedKey(keyId: string): void {
  keyVerifier().forget(keyId);
  clearKeyOriginsCache();
}
