import { isIPv4, isIPv6 } from "node:net";

/**
 * One spelling per client for an X-Forwarded-For entry, or null when it is not an IP address:
 * an IPv4 address as is (also when written IPv4-mapped, `::ffff:192.0.2.1`, as Node reports
 * IPv4 peers on a dual-stack socket), an IPv6 address as its /64 (`2001:db8:0:1::/64`).
 * Ports (`192.0.2.1:443`, `[2001:db8::1]:443`) and zone ids (`fe80::1%eth0`) are dropped.
 */
export function normalizeAddress(entry: string): string | null {
  let address = entry.trim();
  if (address.startsWith("[")) {
    const end = address.indexOf("]");
    if (end < 0) return null;
    address = address.slice(1, end);
  } else if (address.indexOf(":") > 0 && address.indexOf(":") === address.lastIndexOf(":")) {
    address = address.slice(0, address.indexOf(":"));
  }
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (checked by isIPv6 first). */
function expandIPv6(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parse = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
