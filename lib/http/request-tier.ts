import type { Tier } from "@/lib/registry/tiers";

/**
 * The tier a request reads the registry with. Every caller is public until API keys exist;
 * then the verified identity that proxy.ts hands over decides.
 */
export function requestTier(request: Request): Tier {
  void request;
  return "public";
}
