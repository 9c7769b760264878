import { describe, expect, it } from "vitest";
import { parentOrigin } from "./parent-origin";

const OWN = "https://registry.test";
const config = { preview: false, parent: null, origins: ["https://ngo.test", "https://*.shop.test"] };

describe("the widget's parent origin", () => {
  it("is the page's own origin for the preview, whatever else is known", () => {
    expect(parentOrigin({ ...config, preview: true, parent: "https://ngo.test" }, OWN, "https://ngo.test")).toBe(OWN);
  });

  it("is the server's answer when it has one", () => {
    expect(parentOrigin({ ...config, parent: "https://ngo.test" }, OWN, "https://other.test")).toBe("https://ngo.test");
  });

  it("is the ancestor the browser names only if the key's allowlist allows it, by the registry's own rule", () => {
    expect(parentOrigin(config, OWN, "https://ngo.test")).toBe("https://ngo.test");
    expect(parentOrigin(config, OWN, "https://a.b.shop.test")).toBe("https://a.b.shop.test");
    expect(parentOrigin(config, OWN, "https://shop.test")).toBeNull();
    expect(parentOrigin(config, OWN, "http://a.shop.test")).toBeNull();
    expect(parentOrigin(config, OWN, "https://a.shop.test:8443")).toBeNull();
    expect(parentOrigin(config, OWN, "https://evilngo.test")).toBeNull();
    expect(parentOrigin(config, OWN, "null")).toBeNull();
    expect(parentOrigin(config, OWN, undefined)).toBeNull();
  });
});
