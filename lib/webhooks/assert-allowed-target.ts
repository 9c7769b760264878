import net from "node:net";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import { isForbiddenAddress } from "./forbidden-address";
import { resolvesToPublic } from "./guarded-lookup";

/**
 * Refuses an endpoint URL that points into a private network (after resolving its name), unless
 * WEBHOOKS_ALLOW_PRIVATE_TARGETS=1. Each delivery checks again when it connects.
 */
export async function assertAllowedTarget(url: string): Promise<void> {
  if (config().webhooks.allowPrivateTargets) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const verdict = net.isIP(host) ? (isForbiddenAddress(host) ? "forbidden" : "public") : await resolvesToPublic(host);
  if (verdict === "forbidden") {
    throw ApiError.invalid([{ name: "url", reason: "points to a private, loopback, link-local or reserved address" }]);
  }
  if (verdict === "unresolvable") throw ApiError.invalid([{ name: "url", reason: "its host name does not resolve" }]);
}
