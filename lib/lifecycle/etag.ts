import { ApiError } from "@/lib/errors/api-error";

/** The write API's ETag of an entry: its version, which every write bumps. */
export function ngoEtag(version: number): string {
  return `"v${version}"`;
}

/**
 * A conditional write (If-Match) goes ahead only if the entry is still at the version the client
 * read: otherwise 412, and the client reads again instead of overwriting a change it never saw.
 */
export function assertIfMatch(ifMatch: string | null | undefined, version: number): void {
  if (ifMatch === null || ifMatch === undefined) return;
  const current = ngoEtag(version);
  const tags = ifMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (tags.includes("*") || tags.includes(current)) return;
  throw new ApiError(
    "precondition_failed",
    `The entry has changed since the version in If-Match (it is now at ${current}): read it again and retry.`,
    { headers: { ETag: current } },
  );
}
