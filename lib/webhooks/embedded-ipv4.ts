// IPv6 addresses that stand for an IPv4 address: a connection to one of them reaches (or is
// translated to) that IPv4 address, so whether a webhook may go there is the IPv4 address's
// question, however the IPv6 address is spelled.

type Embedding = { prefix: number[]; at: number };

// Prefixes in bytes, and where the IPv4 address sits after them.
const EMBEDDINGS: Embedding[] = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], at: 12 }, // ::ffff:0:0/96, IPv4-mapped
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], at: 12 }, // ::ffff:0:0:0/96, IPv4-translated (SIIT)
  { prefix: [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], at: 12 }, // 64:ff9b::/96, NAT64's well-known prefix
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], at: 12 }, // ::/96, IPv4-compatible (:: and ::1 among them)
  { prefix: [0x20, 0x02], at: 2 }, // 2002::/16, 6to4: the IPv4 address of the tunnel's end
];

/** The IPv4 address an IPv6 address embeds ("::ffff:7f00:1" → "127.0.0.1"), or null if it embeds none. */
export function embeddedIpv4(ipv6: string): string | null {
  const bytes = ipv6Bytes(ipv6);
  const embedding = EMBEDDINGS.find(({ prefix }) => prefix.every((byte, i) => bytes[i] === byte));
  return embedding ? bytes.slice(embedding.at, embedding.at + 4).join(".") : null;
}

/** The 16 bytes of an address net.isIP has already accepted as IPv6 (zone index ignored). */
function ipv6Bytes(ipv6: string): number[] {
  const text = ipv6.split("%")[0]!.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head, tail] = text.split("::") as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const before = groups(head);
  const after = groups(tail);
  const all = tail === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}
