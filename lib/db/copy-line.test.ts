import { describe, expect, it } from "vitest";
import { copyLine } from "./copy-line";

describe("copyLine", () => {
  it("writes values tab-separated, NULL as \\N, dates as UTC timestamps", () => {
    expect(copyLine(["ngo_1", 42, true, null, undefined, new Date("2026-11-01T12:00:00+02:00")])).toBe(
      "ngo_1\t42\ttrue\t\\N\t\\N\t2026-11-01T10:00:00.000Z\n",
    );
  });

  it("escapes what would end a field or a row, so no value can forge another column", () => {
    expect(copyLine(["a\tb", "line\r\nbreak", "back\\slash", "\\N"])).toBe("a\\tb\tline\\r\\nbreak\tback\\\\slash\t\\\\N\n");
  });
});
