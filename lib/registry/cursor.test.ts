import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { decodeCursor, encodeCursor, queryFingerprint, sealCursor } from "./cursor";
import { decodeExportCursor, encodeExportCursor } from "./export-cursor";

const print = queryFingerprint(["public", "-trust_score", undefined]);

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? error.extras.errors?.[0]?.reason : "not an ApiError";
  }
  return undefined;
}

describe("cursors", () => {
  it("round-trip the position of the last entry", () => {
    for (const value of [87, 0.06079271, "Société d'Entraide", null, "2026-01-02T03:04:05.678Z"]) {
      const kind = typeof value === "number" ? "number" : value === null || value.startsWith("2026") ? "date" : "string";
      const text = encodeCursor({ value, id: "ngo_abc" }, print);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(text, print, kind)).toEqual({ value, id: "ngo_abc" });
    }
  });

  it("reveal neither the id nor the sort value, and stay the same for one position", () => {
    const text = encodeCursor({ value: 0.06079271, id: "ngo_secret_id" }, print);
    const bytes = Buffer.from(text, "base64url").toString("latin1");
    expect(bytes).not.toContain("ngo_");
    expect(bytes).not.toContain("0.0607");
    expect(encodeCursor({ value: 0.06079271, id: "ngo_secret_id" }, print)).toBe(text);
    expect(encodeCursor({ value: 0.06079271, id: "ngo_secret_ie" }, print).slice(0, 16)).not.toBe(text.slice(0, 16));
  });

  it("refuse a cursor of another query", () => {
    const text = encodeCursor({ value: 87, id: "ngo_abc" }, print);
    expect(reason(() => decodeCursor(text, queryFingerprint(["public", "name"]), "number"))).toMatch(/other filters/);
  });

  it("refuse every changed byte with a 400 naming the cursor", () => {
    const bytes = Buffer.from(encodeCursor({ value: 87, id: "ngo_abc" }, print), "base64url");
    for (let i = 0; i < bytes.length; i++) {
      for (const bit of [0x01, 0x80]) {
        const changed = Buffer.from(bytes);
        changed[i] = (changed[i] as number) ^ bit;
        expect(reason(() => decodeCursor(changed.toString("base64url"), print, "number"))).toMatch(/not a valid cursor/);
      }
    }
  });

  it("refuse garbage and the readable cursors of old", () => {
    const plain = (value: unknown, id: unknown = "ngo_abc") => Buffer.from(JSON.stringify([print, value, id])).toString("base64url");
    for (const text of ["%%%", "e30", "", "A".repeat(2048), plain(1.5), plain(1e12), plain(87, "ngo_\u0000"), plain("-271821-04-20")]) {
      expect(reason(() => decodeCursor(text, print, "number"))).toMatch(/not a valid cursor/);
    }
  });
});

const exportPrint = queryFingerprint(["export", "partner", undefined, undefined, undefined, undefined]);
const mark = "2026-11-27T10:00:00.123456Z";

describe("export checkpoints", () => {
  it("round-trip the snapshot, the last entry's id and the count", () => {
    const position = { mark, id: "ngo_0mhg2d4w00a1b2c3d4e5", count: 3000 };
    expect(decodeExportCursor(encodeExportCursor(position, exportPrint), exportPrint)).toEqual(position);
  });

  it("refuse a checkpoint of 0.3.0, which held the entry's creation time, asking to start again", () => {
    const old = sealCursor(["export", exportPrint, mark, "2024-01-02T03:04:05.678Z", "ngo_abc", 1000]);
    expect(reason(() => decodeExportCursor(old, exportPrint))).toBe("is from an earlier version of the export: start it again");
  });

  it("refuse another export's checkpoint and malformed ones", () => {
    const other = queryFingerprint(["export", "operator", undefined, undefined, undefined, undefined]);
    expect(reason(() => decodeExportCursor(encodeExportCursor({ mark, id: "ngo_a", count: 1 }, other), exportPrint))).toBe(
      "belongs to an export with other filters or another tier",
    );
    for (const parts of [
      ["export", exportPrint, "yesterday", "ngo_a", 1],
      ["export", exportPrint, mark, "", 1],
      ["export", exportPrint, mark, "ngo_a", 0],
      ["export", exportPrint, mark, 7, 1],
    ]) {
      expect(reason(() => decodeExportCursor(sealCursor(parts), exportPrint))).toBe("is not a valid cursor");
    }
  });
});
