import { describe, expect, it, vi } from "vitest";

describe("processWide", () => {
  it("gives every copy of a module the same value, made once", async () => {
    const first = await import("./process-wide");
    vi.resetModules();
    const second = await import("./process-wide");
    expect(second).not.toBe(first); // two evaluations, as Next makes for proxy.ts and a route
    const create = vi.fn(() => ({ cache: new Map() }));
    const a = first.processWide("test-shared-value", create);
    const b = second.processWide("test-shared-value", create);
    expect(b).toBe(a);
    expect(create).toHaveBeenCalledTimes(1);
  });
});
