import { requestTier } from "@/lib/http/request-identity";
import type { Tier } from "@/lib/registry/tiers";

/** What every resolver knows about the caller: the tier it reads the registry with. */
export type GraphQLContext = { tier: Tier };

/**
 * The context of one HTTP request. The tier comes from the request's verified key, exactly as for
 * REST; this is the one seam where a request becomes a tier.
 */
export async function createContext(request: Request): Promise<GraphQLContext> {
  return { tier: await requestTier(request) };
}
