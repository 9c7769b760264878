import { keyChecksum } from "./key-checksum";
import { KEY_BODY_LENGTH, KEY_LENGTH, KEY_PREFIX_LENGTH, KEY_PREFIXES, type KeyKind } from "./key-format";

export type ParsedApiKey = { kind: KeyKind; body: string; checksum: string; checksumValid: boolean };

const BASE62 = /^[0-9A-Za-z]+$/;

/**
 * Splits text shaped like a key into its parts, or null for anything that is not a key. Needs no
 * database: a key with checksumValid false is a typo, a truncation or a forgery.
 *
 * The checksum is compared with ===: it is computed from the text itself and guards nothing, so
 * its timing reveals nothing. The secret part is never compared at all: verification looks up the
 * key's SHA-256 by index, and what timing could tell about stored hashes is worthless without a
 * SHA-256 preimage. No comparison here needs to be constant-time.
 */
export function parseApiKey(text: string): ParsedApiKey | null {
  if (typeof text !== "string" || text.length !== KEY_LENGTH) return null;
  const prefix = text.slice(0, KEY_PREFIX_LENGTH);
  const kind = (Object.keys(KEY_PREFIXES) as KeyKind[]).find((k) => KEY_PREFIXES[k] === prefix);
  const rest = text.slice(KEY_PREFIX_LENGTH);
  if (!kind || !BASE62.test(rest)) return null;
  const body = rest.slice(0, KEY_BODY_LENGTH);
  const checksum = rest.slice(KEY_BODY_LENGTH);
  return { kind, body, checksum, checksumValid: checksum === keyChecksum(prefix + body) };
}
