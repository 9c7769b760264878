import { describe, expect, it } from "vitest";
import { csvCell } from "./csv-cell";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Water Trust")).toBe("Water Trust");
    expect(csvCell(87)).toBe("87");
    expect(csvCell(false)).toBe("false");
  });

  it("writes null as an empty cell", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("Health, Water")).toBe('"Health, Water"');
    expect(csvCell('The "best" trust')).toBe('"The ""best"" trust"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("defuses what a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes objects and arrays as JSON text", () => {
    expect(csvCell([{ from: null, to: "verified" }])).toBe('"[{""from"":null,""to"":""verified""}]"');
  });
});
