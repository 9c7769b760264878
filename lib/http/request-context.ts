// What the server knows about the request it is answering, shared by the layers that each see a
// part of it: the server hook (id, timing, status), proxy.ts (tier and key). Kept in one
// AsyncLocalStorage per process (Next evaluates modules once per bundle, see processWide).
import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "@/lib/process-wide";
import type { Tier } from "@/lib/tiers";

export type RequestRecord = {
  /** The X-Request-Id of the answer. */
  id: string;
  /** Set once the API layer has identified the request (proxy.ts). */
  tier?: Tier;
  /** The id of the key the request was identified, or refused, by: never the key itself. */
  keyId?: string;
};

/** The request context of this process; `getStore()` is undefined outside a request the hook saw. */
export function requestContext(): AsyncLocalStorage<RequestRecord> {
  return processWide("request-context", () => new AsyncLocalStorage<RequestRecord>());
}
