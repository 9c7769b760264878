import { describe, expect, it } from "vitest";
import { widgetSrc } from "./widget-src";

describe("widgetSrc", () => {
  it("addresses the NGO's widget with its key, both encoded", () => {
    expect(widgetSrc("https://registry.test", "demo-water-trust", "tr_pk_abc")).toBe("https://registry.test/embed/donate/demo-water-trust?key=tr_pk_abc");
    expect(widgetSrc("https://registry.test", "../x?y", "a&b=c")).toBe("https://registry.test/embed/donate/..%2Fx%3Fy?key=a%26b%3Dc");
  });
});
