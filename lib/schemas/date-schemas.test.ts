import { describe, expect, it } from "vitest";
import { dateSchema, dateTimeSchema } from "./date-schemas";

const reason = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("dateTimeSchema", () => {
  it("takes RFC 3339 times with a zone from 1900 to 9999", () => {
    for (const ok of ["2026-11-25T10:00:00Z", "1900-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "9999-12-31T18:00:00-05:00", "1900-01-01T01:00:00+01:00"]) {
      expect(dateTimeSchema().safeParse(ok).success, ok).toBe(true);
    }
  });

  it("refuses times before 1900 or after 9999 in UTC, however the offset spells them", () => {
    for (const bad of ["0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z", "9999-12-31T23:00:00-05:00", "1900-01-01T00:30:00+01:00"]) {
      expect(reason(dateTimeSchema().safeParse(bad)), bad).toMatch(/between 1900-01-01 and 9999-12-31/);
    }
  });

  it("keeps the caller's message for what is not a time", () => {
    expect(dateTimeSchema("must be a time").safeParse("yesterday").error?.issues.map((i) => i.message)).toEqual(["must be a time"]);
    expect(dateTimeSchema().safeParse("2026-02-30T00:00:00Z").success).toBe(false);
  });
});

describe("dateSchema", () => {
  it("takes calendar dates from 1900 to 9999 and refuses others", () => {
    expect(dateSchema().safeParse("2024-02-29").success).toBe(true);
    expect(dateSchema().safeParse("9999-12-31").success).toBe(true);
    expect(reason(dateSchema().safeParse("0000-01-01"))).toMatch(/between/);
    expect(reason(dateSchema().safeParse("1899-12-31"))).toMatch(/between/);
    expect(reason(dateSchema().safeParse("2023-02-29"))).toBe("must be a date, YYYY-MM-DD");
  });
});
