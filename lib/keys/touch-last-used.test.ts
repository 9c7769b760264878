import { describe, expect, it, vi } from "vitest";

const queryRows = vi.fn();
vi.mock("@/lib/db", async (importOriginal) => ({ ...(await importOriginal<object>()), queryRows }));
vi.mock("@/lib/log", () => ({ log: vi.fn() }));

const { touchLastUsed } = await import("./touch-last-used");

// The database's side (the conditional write, across processes) is in tests/integration/keys.test.ts.
describe("touchLastUsed without a database", () => {
  it("never throws, and tries a failing database once a minute per key, not per request", async () => {
    queryRows.mockRejectedValue(new Error("connection refused"));
    const t0 = Date.parse("2031-01-01T00:00:00Z");
    expect(await touchLastUsed("key_a", { now: new Date(t0) })).toBe(false);
    expect(await touchLastUsed("key_a", { now: new Date(t0 + 1_000) })).toBe(false);
    expect(queryRows).toHaveBeenCalledTimes(1);
    queryRows.mockResolvedValue([{ id: "key_a" }]);
    expect(await touchLastUsed("key_a", { now: new Date(t0 + 60_000) })).toBe(true);
    expect(await touchLastUsed("key_b", { now: new Date(t0 + 60_000) })).toBe(true);
    expect(queryRows).toHaveBeenCalledTimes(3);
  });
});
