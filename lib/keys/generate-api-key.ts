import { randomBytes } from "node:crypto";
import { encodeBase62 } from "./base62";
import { keyChecksum } from "./key-checksum";
import { KEY_BODY_BYTES, KEY_BODY_LENGTH, KEY_PREFIXES, type KeyKind } from "./key-format";

/** A new key of the kind (format in key-format.ts). It exists in plaintext only until shown once. */
export function generateApiKey(kind: KeyKind): string {
  const prefix = KEY_PREFIXES[kind];
  const body = encodeBase62(BigInt(`0x${randomBytes(KEY_BODY_BYTES).toString("hex")}`), KEY_BODY_LENGTH);
  return `${prefix}${body}${keyChecksum(prefix + body)}`;
}
