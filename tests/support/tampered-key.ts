/** The key with its last character replaced by another one: always a different key (and, since
 * the last character is part of the checksum, a malformed one). */
export function tamperedKey(key: string): string {
  const last = key.at(-1);
  return key.slice(0, -1) + (last === "x" ? "y" : "x");
}
