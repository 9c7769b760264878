import { describe, expect, it } from "vitest";
import { checkKeyOrigin } from "./check-key-origin";
import { isOriginAllowed } from "./is-origin-allowed";
import { normaliseOrigin } from "./normalise-origin";
import { parseOriginPattern } from "./parse-origin-pattern";

const origin = (text: string) => {
  const result = normaliseOrigin(text);
  return result.ok ? result.origin : `error: ${result.reason}`;
};
const pattern = (text: string) => {
  const result = parseOriginPattern(text);
  return result.ok ? result.pattern.text : `error: ${result.reason}`;
};

describe("normaliseOrigin", () => {
  it("lower-cases scheme and host and drops default ports and a lone trailing slash", () => {
    expect(origin("HTTPS://Example.ORG")).toBe("https://example.org");
    expect(origin("https://example.org:443")).toBe("https://example.org");
    expect(origin("http://example.org:80/")).toBe("http://example.org");
    expect(origin("  https://example.org  ")).toBe("https://example.org");
  });

  it("keeps other ports, including a https port on http", () => {
    expect(origin("https://example.org:8443")).toBe("https://example.org:8443");
    expect(origin("http://example.org:443")).toBe("http://example.org:443");
    expect(origin("http://localhost:3000")).toBe("http://localhost:3000");
    expect(origin("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(origin("http://[::1]:3000")).toBe("http://[::1]:3000");
    expect(origin("https://example.org:99999")).toMatch(/^error: .*host and port/);
  });

  it("writes IDN hosts as punycode, as browsers send them", () => {
    expect(origin("https://bücher.example")).toBe("https://xn--bcher-kva.example");
    expect(origin("https://BÜCHER.example")).toBe("https://xn--bcher-kva.example");
    expect(origin("https://xn--bcher-kva.example")).toBe("https://xn--bcher-kva.example");
  });

  it("removes one trailing dot and refuses empty labels", () => {
    expect(origin("https://example.org.")).toBe("https://example.org");
    expect(origin("https://example.org.:8443")).toBe("https://example.org:8443");
    expect(origin("https://example.org..")).toMatch(/^error: .*not a valid host name/);
    expect(origin("https://a..example.org")).toMatch(/^error: /);
  });

  it("refuses paths, queries, fragments and credentials with a reason", () => {
    for (const text of ["https://example.org/embed", "https://example.org/?a=1", "https://example.org#x", "https://example.org\\evil"]) {
      expect(origin(text), text).toMatch(/^error: must not have a path, query or fragment/);
    }
    expect(origin("https://user:pw@example.org")).toMatch(/^error: must not contain a user name/);
  });

  it("refuses non-web schemes, the null origin and things that are not origins", () => {
    expect(origin("file:///etc/passwd")).toMatch(/^error: the file: scheme is not a web site/);
    expect(origin("chrome-extension://abcdefghijklmnop")).toMatch(/^error: the chrome-extension: scheme/);
    expect(origin("moz-extension://4c2a")).toMatch(/^error: the moz-extension: scheme/);
    expect(origin("null")).toMatch(/^error: the null origin/);
    expect(origin("NULL")).toMatch(/^error: the null origin/);
    expect(origin("javascript:alert(1)")).toMatch(/^error: must be an origin/);
    expect(origin("example.org")).toMatch(/^error: must be an origin/);
    expect(origin("https:example.org")).toMatch(/^error: must be an origin/);
    expect(origin("")).toMatch(/^error: must not be empty/);
    expect(origin("https://exa\tmple.org")).toMatch(/^error: must not contain spaces/);
    expect(origin("https://*.example.org")).toMatch(/^error: .*not a valid host name/);
    expect(origin("https://")).toMatch(/^error: /);
  });
});

describe("parseOriginPattern", () => {
  it("normalises exact origins and https subdomain wildcards", () => {
    expect(pattern("https://Example.org/")).toBe("https://example.org");
    expect(pattern("HTTPS://*.Example.ORG.")).toBe("https://*.example.org");
    expect(pattern("https://*.bücher.example:8443")).toBe("https://*.xn--bcher-kva.example:8443");
  });

  it("refuses wildcards that are not one whole first label over a domain, on https", () => {
    expect(pattern("http://*.example.org")).toMatch(/^error: a wildcard origin must use https/);
    expect(pattern("https://*.*.example.org")).toMatch(/^error: only one wildcard/);
    expect(pattern("https://a.*.example.org")).toMatch(/^error: a wildcard must be the whole first label/);
    expect(pattern("https://shop*.example.org")).toMatch(/^error: a wildcard must be the whole first label/);
    expect(pattern("https://*")).toMatch(/^error: a wildcard must be the whole first label/);
    expect(pattern("https://*.org")).toMatch(/^error: a wildcard over a top-level name is too broad/);
    expect(pattern("https://*.127.0.0.1")).toMatch(/^error: a wildcard needs a domain name/);
    expect(pattern("https://*.example.org/path")).toMatch(/^error: must not have a path/);
    expect(pattern("*")).toMatch(/^error: /);
  });
});

describe("isOriginAllowed", () => {
  const allow = ["https://shop.example.org", "https://*.example.net", "http://localhost:3000", "https://bücher.example"];

  it("matches exact origins in any spelling of the same origin", () => {
    expect(isOriginAllowed("https://shop.example.org", allow)).toBe(true);
    expect(isOriginAllowed("https://SHOP.Example.org", allow)).toBe(true);
    expect(isOriginAllowed("https://shop.example.org.", allow)).toBe(true);
    expect(isOriginAllowed("https://shop.example.org:443", allow)).toBe(true);
    expect(isOriginAllowed("https://xn--bcher-kva.example", allow)).toBe(true);
    expect(isOriginAllowed("https://bücher.example", ["https://xn--bcher-kva.example"])).toBe(true);
  });

  it("requires the same scheme and port", () => {
    expect(isOriginAllowed("http://shop.example.org", allow)).toBe(false);
    expect(isOriginAllowed("https://shop.example.org:8443", allow)).toBe(false);
    expect(isOriginAllowed("http://localhost:3001", allow)).toBe(false);
    expect(isOriginAllowed("https://localhost:3000", allow)).toBe(false);
    expect(isOriginAllowed("http://localhost", allow)).toBe(false);
  });

  it("matches subdomains of a wildcard at any depth, but not its apex or look-alikes", () => {
    expect(isOriginAllowed("https://a.example.net", allow)).toBe(true);
    expect(isOriginAllowed("https://a.b.c.example.net", allow)).toBe(true);
    expect(isOriginAllowed("https://example.net", allow)).toBe(false);
    expect(isOriginAllowed("https://evilexample.net", allow)).toBe(false);
    expect(isOriginAllowed("https://example.net.evil.org", allow)).toBe(false);
    expect(isOriginAllowed("https://a.example.net:8443", allow)).toBe(false);
    expect(isOriginAllowed("http://a.example.net", allow)).toBe(false);
    expect(isOriginAllowed("https://a.example.net:8443", ["https://*.example.net:8443"])).toBe(true);
    expect(isOriginAllowed("https://shop.xn--bcher-kva.example", ["https://*.bücher.example"])).toBe(true);
  });

  it("never matches a missing, null, opaque or malformed origin", () => {
    for (const value of [null, undefined, "", "null", "file://", "chrome-extension://abcdefghijklmnop", "https://shop.example.org/x"]) {
      expect(isOriginAllowed(value, [...allow, "null", "file://", "chrome-extension://abcdefghijklmnop"]), String(value)).toBe(false);
    }
  });

  it("allows nothing with an empty allowlist", () => {
    expect(isOriginAllowed("https://shop.example.org", [])).toBe(false);
  });
});

describe("checkKeyOrigin", () => {
  const embed = { kind: "publishable" as const, origins: ["https://ngo.example.org"] };
  const server = { kind: "secret" as const, origins: [] };
  const dashboard = { kind: "secret" as const, origins: ["https://*.partner.example"] };

  it("lets a publishable key work only from a page on its allowlist", () => {
    expect(checkKeyOrigin(embed, "https://ngo.example.org")).toEqual({ ok: true });
    expect(checkKeyOrigin(embed, "https://evil.example")).toEqual({ ok: false, reason: "origin_not_allowed" });
    expect(checkKeyOrigin(embed, "null")).toEqual({ ok: false, reason: "origin_not_allowed" });
    expect(checkKeyOrigin(embed, null)).toEqual({ ok: false, reason: "origin_required" });
  });

  it("takes a secret key from servers, and from a browser page only on the key's own allowlist", () => {
    expect(checkKeyOrigin(server, null)).toEqual({ ok: true });
    expect(checkKeyOrigin(server, "https://anywhere.example")).toEqual({ ok: false, reason: "secret_key_in_browser" });
    expect(checkKeyOrigin(server, "null")).toEqual({ ok: false, reason: "secret_key_in_browser" });
    expect(checkKeyOrigin(dashboard, null)).toEqual({ ok: true });
    expect(checkKeyOrigin(dashboard, "https://app.partner.example")).toEqual({ ok: true });
    expect(checkKeyOrigin(dashboard, "https://partner.example")).toEqual({ ok: false, reason: "origin_not_allowed" });
  });
});
