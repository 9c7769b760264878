import { describe, expect, it } from "vitest";
import { exportReadAhead } from "./export-ngos";

describe("exportReadAhead", () => {
  it("reads three batches ahead, and leaves a small pool one connection for other requests", () => {
    // An export holds its batches' connections and one more for the next batch's end.
    expect([1, 2, 3, 4, 5, 10, 100].map((pool) => [pool, exportReadAhead(pool)])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 3],
      [10, 3],
      [100, 3],
    ]);
  });
});
