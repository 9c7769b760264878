import { encodeBase62 } from "./base62";
import { KEY_CHECKSUM_LENGTH } from "./key-format";

// CRC-32 (IEEE 802.3, the zlib and PNG polynomial), table-driven. Written out because zlib.crc32
// needs Node 20.15 and the app supports 20.9; scanners in any language compute the same value.
const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, "utf8")) crc = TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The checksum part of a key: CRC32 of its prefix and body, as 6 base62 characters. */
export function keyChecksum(prefixAndBody: string): string {
  return encodeBase62(BigInt(crc32(prefixAndBody)), KEY_CHECKSUM_LENGTH);
}
