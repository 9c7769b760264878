import { describe, expect, it } from "vitest";
import { clientAddress, UNKNOWN_CLIENT } from "./client-address";
import { normalizeAddress } from "./normalize-address";

const xff = (...values: string[]) => {
  const headers = new Headers();
  for (const value of values) headers.append("X-Forwarded-For", value);
  return headers;
};

describe("client address", () => {
  it("reads the entry the outermost trusted proxy appended", () => {
    expect(clientAddress(xff("203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(xff("203.0.113.7, 10.0.0.2"), 2)).toBe("203.0.113.7");
    expect(clientAddress(xff("203.0.113.7, 10.0.0.2"), 1)).toBe("10.0.0.2");
  });

  it("keeps a client's bucket when it prepends forged addresses", () => {
    const honest = clientAddress(xff("203.0.113.7"), 1);
    for (const forged of ["198.51.100.1, 203.0.113.7", "1.1.1.1, 2.2.2.2, 203.0.113.7", "garbage, 203.0.113.7", ", 203.0.113.7"]) {
      expect(clientAddress(xff(forged), 1)).toBe(honest);
    }
    // A forged header line of its own, before the one the proxy appended to.
    expect(clientAddress(xff("198.51.100.1", "203.0.113.7"), 1)).toBe(honest);
    // Behind two proxies: whatever the client wrote stays left of the two trusted entries.
    expect(clientAddress(xff("6.6.6.6, 203.0.113.7, 10.0.0.2"), 2)).toBe("203.0.113.7");
  });

  it("trusts no forwarding header with zero hops: forged addresses all share one bucket", () => {
    expect(clientAddress(xff("203.0.113.7"), 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(xff("198.51.100.1"), 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(new Headers({ "X-Real-IP": "203.0.113.7", "x-vercel-forwarded-for": "203.0.113.7" }), 1)).toBe(
      UNKNOWN_CLIENT,
    );
  });

  it("falls back to the shared bucket when the chain is short or the entry is not an address", () => {
    expect(clientAddress(new Headers(), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(xff("203.0.113.7"), 2)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(xff("unknown"), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(xff("203.0.113.7, "), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(xff("999.1.1.1"), 1)).toBe(UNKNOWN_CLIENT);
  });

  it("buckets an IPv6 client by its /64, whatever the spelling", () => {
    const a = clientAddress(xff("2001:db8:0:1::1"), 1);
    expect(a).toBe("2001:db8:0:1::/64");
    expect(clientAddress(xff("2001:0DB8:0000:0001:ffff:1234:5678:9abc"), 1)).toBe(a);
    expect(clientAddress(xff("[2001:db8:0:1::2]:443"), 1)).toBe(a);
    expect(clientAddress(xff("2001:db8:0:2::1"), 1)).not.toBe(a);
  });
});

describe("address normalisation", () => {
  it("writes IPv4 one way, with or without port or IPv6 mapping", () => {
    expect(normalizeAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(normalizeAddress("192.0.2.1:8080")).toBe("192.0.2.1");
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("::ffff:c000:201")).toBe("192.0.2.1");
    expect(normalizeAddress("[::ffff:127.0.0.1]:3000")).toBe("127.0.0.1");
  });

  it("reduces IPv6 to its /64 and drops zone ids", () => {
    expect(normalizeAddress("::1")).toBe("0:0:0:0::/64");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(normalizeAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(normalizeAddress("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("refuses what is not an address", () => {
    for (const entry of ["", "unknown", "example.org", "1.2.3", "[2001:db8::1", "::gg", "_hidden"]) {
      expect(normalizeAddress(entry)).toBeNull();
    }
  });
});
