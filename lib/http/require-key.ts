import type { KeyIdentity } from "@/lib/keys/key-identity";
import { apiAccess } from "./api-access";
import { identifyRequest, KEY_REQUIRED } from "./identify-request";
import { unauthorized } from "@/lib/errors/unauthorized";

/**
 * The verified key of a request to a keyed endpoint, with the scope its access rule names. A
 * handler that needs a key must sit under a keyed rule of the access table: the table, not the
 * handler, says which scope, so proxy.ts and the handler can never disagree.
 */
export async function requireKey(request: Request): Promise<KeyIdentity> {
  const { pathname } = new URL(request.url);
  const access = apiAccess(pathname);
  if (access.kind !== "keyed") throw new Error(`${pathname} needs a key but has no keyed rule in api-access.ts`);
  const { key } = await identifyRequest(request, access);
  if (!key) throw unauthorized(KEY_REQUIRED);
  return key;
}
