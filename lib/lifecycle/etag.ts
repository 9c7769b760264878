import { ApiError } from "@/lib/errors/api-error";

/** The write API's ETag of an entry: its version, which every write bumps. */
export function ngoEtag(version: number): string {
  return `"v${version}"`;
}

/**
 * A conditional write (If-Match) goes ahead only if the entry is still at the version the client
 * read: otherwise 412, and the client reads again instead of overwriting a change it never saw.
 * If-Match compares strongly (RFC 9110 §13.1.1): a weak tag (W/"v3") never matches, even when
 * its opaque part is the current version; "*" matches any existing entry.
 */
export function assertIfMatch(ifMatch: string | null | undefined, version: number): void {
  if (ifMatch === null || ifMatch === undefined) return;
  const current = ngoEtag(version);
  const tags = ifMatch.split(",").map((tag) => tag.trim());
  if (tags.includes("*") || tags.includes(current)) return;
  const detail = tags.some((tag) => tag.startsWith("W/"))
    ? `If-Match compares strong ETags only, and a weak one (W/"…") never matches: send the ETag as the entry's answer gave it (it is now ${current}).`
    : `The entry has changed since the version in If-Match (it is now at ${current}): read it again and retry.`;
  throw new ApiError("precondition_failed", detail, { headers: { ETag: current } });
}
