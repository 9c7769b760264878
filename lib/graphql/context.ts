import { GraphQLError } from "graphql";
import { ApiError } from "@/lib/errors/api-error";
import { identifyRequest } from "@/lib/http/identify-request";
import type { Tier } from "@/lib/tiers";

/** What every resolver knows about the caller: the tier it reads the registry with. */
export type GraphQLContext = { tier: Tier };

/**
 * The context of one HTTP request. The tier comes from identifyRequest, exactly as for REST: the
 * one seam where a request becomes a tier. proxy.ts has asked the same question first; a key
 * revoked in the moment between the two is still refused here, with its status.
 */
export async function createContext(request: Request): Promise<GraphQLContext> {
  try {
    return { tier: (await identifyRequest(request)).tier };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new GraphQLError(error.detail, { extensions: { code: error.code.toUpperCase(), http: { status: error.status } } });
  }
}
