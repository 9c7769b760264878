import net from "node:net";
import { describe, expect, it } from "vitest";
import { embeddedIpv4 } from "./embedded-ipv4";
import { isForbiddenAddress } from "./forbidden-address";

// Each IPv6 spelling of an IPv4 address, and the address it reaches.
const EMBEDDED: [string, string][] = [
  ["::127.0.0.1", "127.0.0.1"], // IPv4-compatible
  ["::7f00:1", "127.0.0.1"],
  ["0:0:0:0:0:0:7f00:1", "127.0.0.1"],
  ["::ffff:127.0.0.1", "127.0.0.1"], // IPv4-mapped
  ["::ffff:7f00:1", "127.0.0.1"],
  ["0:0:0:0:0:FFFF:7F00:0001", "127.0.0.1"],
  ["::ffff:0:7f00:1", "127.0.0.1"], // IPv4-translated
  ["::ffff:0:127.0.0.1", "127.0.0.1"],
  ["64:ff9b::7f00:1", "127.0.0.1"], // NAT64
  ["64:ff9b::169.254.169.254", "169.254.169.254"],
  ["2002:7f00:1::", "127.0.0.1"], // 6to4
  ["2002:a9fe:a9fe::1", "169.254.169.254"],
  ["::", "0.0.0.0"],
  ["::1", "0.0.0.1"],
];

describe("embeddedIpv4", () => {
  it.each(EMBEDDED)("reads %s as %s", (ipv6, ipv4) => {
    expect(net.isIP(ipv6)).toBe(6);
    expect(embeddedIpv4(ipv6)).toBe(ipv4);
  });

  it.each(["2606:4700:4700::1111", "fe80::1", "fd00:ec2::254", "64:ff9b:1::a00:1", "2001:db8::1"])("finds none in %s", (ipv6) => {
    expect(embeddedIpv4(ipv6)).toBeNull();
  });
});

describe("isForbiddenAddress", () => {
  const PRIVATE_IPV4 = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.100.100.200", "0.0.0.0"];
  // Every private IPv4 address in each IPv6 spelling that embeds it.
  const SPELLINGS = (ipv4: string) => {
    const [a, b, c, d] = ipv4.split(".").map(Number) as [number, number, number, number];
    const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    return [`::${ipv4}`, `::${hex}`, `::ffff:${ipv4}`, `::ffff:${hex}`, `::ffff:0:${ipv4}`, `::ffff:0:${hex}`, `64:ff9b::${ipv4}`, `64:ff9b::${hex}`, `2002:${hex}::`, `2002:${hex}:1:2:3:4:5`];
  };

  it.each(PRIVATE_IPV4.flatMap((ipv4) => SPELLINGS(ipv4).map((ipv6) => [ipv6, ipv4])))("refuses %s (%s)", (ipv6) => {
    expect(isForbiddenAddress(ipv6)).toBe(true);
  });

  it.each([
    "::1", "::", "fe80::1", "fe80::1%eth0", "fd00:ec2::254", "ff02::1", "2001:db8::1", "100::1",
    "64:ff9b:1::a00:1", // local-use NAT64
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:82b::200e", "::ffff:8.8.8.8", "::ffff:808:808", "64:ff9b::8.8.8.8", "2002:808:808::1"])(
    "lets %s through: public, also when it embeds a public IPv4 address",
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});
