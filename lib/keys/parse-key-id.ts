import { ApiError } from "@/lib/errors/api-error";

const KEY_ID = /^key_[0-9a-z]{20}$/;

/** A key id from a URL; anything not shaped like one names no key (the same 404 as a missing one). */
export function parseKeyId(id: string): string {
  if (!KEY_ID.test(id)) throw new ApiError("not_found", "No API key has that id.");
  return id;
}
