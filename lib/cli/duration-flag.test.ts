import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { durationFlag } from "./commander-group";

describe("a duration flag", () => {
  const parse = durationFlag("--older-than", 30 * 86_400_000);
  it("reads seconds, minutes, hours and days", () => {
    expect([parse("0s"), parse("90s"), parse("15m"), parse("2h"), parse("1d")]).toEqual([0, 90_000, 900_000, 7_200_000, 86_400_000]);
  });
  it("refuses anything else, and more than the maximum, naming the flag", () => {
    for (const bad of ["15", "m", "1.5h", "-1m", "1w", "31d", ""]) {
      expect(() => parse(bad)).toThrow(CommanderError);
      expect(() => parse(bad)).toThrow(/^--older-than must be a duration/);
    }
  });
});
