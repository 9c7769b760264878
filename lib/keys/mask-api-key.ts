import { KEY_PREFIXES, type KeyKind } from "./key-format";

/**
 * How a stored key is shown after its creation: kind prefix and last four characters, enough to
 * tell one's keys apart (`tr_sk_…4fKp`). The last four are checksum characters: they say nothing
 * about the random body beyond what CRC32 does, and 232 of its 256 bits stay unknown.
 */
export function maskApiKey(kind: KeyKind, last4: string): string {
  return `${KEY_PREFIXES[kind]}…${last4}`;
}
