import { GraphQLError } from "graphql";
import { ApiError } from "@/lib/errors/api-error";
import { requestTier } from "@/lib/http/request-identity";
import type { Tier } from "@/lib/tiers";

/** What every resolver knows about the caller: the tier it reads the registry with. */
export type GraphQLContext = { tier: Tier };

/**
 * The context of one HTTP request. The tier comes from the request's verified key, exactly as for
 * REST; this is the one seam where a request becomes a tier. proxy.ts refuses bad keys first; a
 * key revoked in the moment between the two checks is still refused here, with its status.
 */
export async function createContext(request: Request): Promise<GraphQLContext> {
  try {
    return { tier: await requestTier(request) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new GraphQLError(error.detail, { extensions: { code: error.code.toUpperCase(), http: { status: error.status } } });
  }
}
