import { describe, expect, it } from "vitest";
import { exportEncoder, utf8Bytes } from "./export-encoder";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("utf8Bytes", () => {
  it("writes the pieces one after another as UTF-8, whatever their characters", () => {
    const pieces = ["", "plain", "café", "🌍 \u2028", "\n", '{"a":"\\u0007"}'];
    const bytes = utf8Bytes(pieces);
    expect(Buffer.from(bytes).equals(Buffer.from(new TextEncoder().encode(pieces.join(""))))).toBe(true);
    expect(utf8Bytes([]).length).toBe(0);
  });
});

describe("the export's encoders", () => {
  const lines = ['{"slug":"a","name":"Água, \\"limpa\\""}', '{"slug":"b","name":"=SUM(1)"}'];

  it("writes NDJSON as the lines themselves, then the checkpoint", () => {
    const ndjson = exportEncoder("ndjson", "partner");
    expect(decode(utf8Bytes(ndjson.batch(lines, { cursor: "c1", count: 2 })))).toBe(
      `${lines[0]}\n${lines[1]}\n{"export":"checkpoint","cursor":"c1","count":2}\n`,
    );
    expect(ndjson.batch([], null)).toEqual([]);
  });

  it("writes CSV rows of the tier's fields from the same lines, the cursor on the batch's last row", () => {
    const csv = exportEncoder("csv", "partner");
    const [header] = csv.head().split("\r\n");
    const columns = header!.split(",");
    const [first, second] = csv.batch(lines, { cursor: "c1", count: 2 });
    // The quoted name holds a comma and doubled quotes; the formula is defused.
    expect(first).toBe(`a,"Água, ""limpa"""${",".repeat(columns.length - 2)}\r\n`);
    expect(second!.split(",")[columns.indexOf("name")]).toBe("'=SUM(1)");
    expect(second!.endsWith(",c1\r\n")).toBe(true);
  });
});
