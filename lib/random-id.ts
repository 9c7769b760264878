import { randomBytes } from "node:crypto";

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A type-prefixed random id: the prefix, "_", then `length` base-36 characters. */
export function randomId(prefix: string, length = 20): string {
  let id = `${prefix}_`;
  // Bytes from 252 up are skipped, so every character is equally likely (252 = 7 × 36). One
  // buffer per id: an import makes three ids a row, and a call into the generator per character
  // was a measurable part of its time.
  while (id.length < prefix.length + 1 + length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte < 252 && id.length < prefix.length + 1 + length) id += BASE36[byte % 36];
    }
  }
  return id;
}

/**
 * A type-prefixed id that sorts by the time it was made: the prefix, "_", the time in
 * milliseconds (base 36, ten characters: fixed width until the year 5188), then `randomLength`
 * random base-36 characters that make it unique across processes. Rows keyed by such ids are
 * appended to their indexes in the order they are written, and read back in that order from
 * neighbouring pages.
 */
export function timeOrderedId(prefix: string, randomLength: number, now = Date.now()): string {
  return `${prefix}_${timeOrderedPrefix(now)}${randomId("", randomLength).slice(1)}`;
}

/** The time part of a time-ordered id. */
export function timeOrderedPrefix(ms: number): string {
  return ms.toString(36).padStart(10, "0");
}
