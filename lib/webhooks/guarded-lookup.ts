import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { isForbiddenAddress } from "./forbidden-address";

export class ForbiddenTargetError extends Error {
  override name = "ForbiddenTargetError";
  readonly code = "EFORBIDDENTARGET";
}

/**
 * The DNS lookup a delivery's socket connects with: it refuses any name that resolves to a
 * forbidden address. Checking here, at connect time, and not only when the endpoint was saved,
 * closes the gap a name that changes its answer (DNS rebinding) would slip through.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new ForbiddenTargetError(`${hostname} resolves to a private or reserved address`), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};

/** Resolves a host name and tells whether every address it has is public (the check when an endpoint is saved). */
export async function resolvesToPublic(hostname: string): Promise<"public" | "forbidden" | "unresolvable"> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = await dns.promises.lookup(bare, { all: true });
    if (addresses.length === 0) return "unresolvable";
    return addresses.some((a) => isForbiddenAddress(a.address)) ? "forbidden" : "public";
  } catch {
    return "unresolvable";
  }
}
