// Addresses a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE_TARGETS=1: anything that is not
// the public internet. Otherwise an endpoint URL would let any holder of an admin key probe the
// service's own network and read cloud metadata (169.254.169.254) through the delivery log.
import net from "node:net";
import { embeddedIpv4 } from "./embedded-ipv4";

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT (and Alibaba's metadata address)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // Addresses that embed an IPv4 address (::/96, ::ffff:0:0/96, 64:ff9b::/96, 2002::/16) are
  // judged by it, in embeddedIpv4; these are the rest of what is not the public internet.
  ["64:ff9b:1::", 48], // NAT64 for a local network (RFC 8215): its translator's network, any address
  ["100::", 64],
  ["2001::", 32], // Teredo: tunnels to an IPv4 client through any relay, obsolete for a server
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local (AWS's IPv6 metadata address among them)
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is private, loopback, link-local, metadata or otherwise not public. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 ? blocked.check(ipv4, "ipv4") : blocked.check(address.split("%")[0]!, "ipv6");
}
