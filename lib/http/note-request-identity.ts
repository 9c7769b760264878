import type { Tier } from "@/lib/tiers";
import { requestContext } from "./request-context";

/** Records who the request turned out to be, for its access-log line: the tier and the key's id. */
export function noteRequestIdentity(tier: Tier | undefined, keyId: string | undefined): void {
  const record = requestContext().getStore();
  if (!record) return;
  if (tier) record.tier = tier;
  if (keyId) record.keyId = keyId;
}
