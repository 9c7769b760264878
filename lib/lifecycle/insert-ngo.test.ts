import { describe, expect, it } from "vitest";
import { newNgoRows } from "./insert-ngo";
import type { CreateNgoInput } from "./schemas";

describe("newNgoRows", () => {
  it("gives a batch's entries ids in input order, made at its time, after every earlier id", () => {
    const now = new Date("2026-11-27T12:00:00.000Z");
    const inputs = Array.from({ length: 500 }, (_, i) => ({ name: `Entry ${i}` }) as CreateNgoInput);
    const ids = newNgoRows(inputs, inputs.map((_, i) => `entry-${i}`), now).map((row) => row.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^ngo_[0-9a-z]{20}$/);
    const earlier = newNgoRows(inputs.slice(0, 1), ["earlier"], new Date(now.getTime() - 1))[0]!.id;
    expect(earlier < ids[0]!).toBe(true);
  });
});
