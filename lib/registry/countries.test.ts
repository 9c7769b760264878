import { describe, expect, it } from "vitest";
import { countryName } from "@/lib/explorer/country-name";
import { parseQuery } from "@/lib/http/parse-query";
import { createNgoSchema, updateNgoSchema } from "@/lib/lifecycle/schemas";
import { COUNTRY_CODES, countryCodeSchema } from "./countries";
import { listQuerySchema } from "./schemas";

const code = countryCodeSchema("bad");

describe("COUNTRY_CODES", () => {
  it("holds the 249 assigned ISO 3166-1 alpha-2 codes, once each, in order", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    for (const assigned of ["KE", "BR", "DE", "SS", "AX", "BQ", "CW", "SX", "PS", "TW", "ZW"]) expect(COUNTRY_CODES).toContain(assigned);
    for (const unassigned of ["ZZ", "XK", "EU", "UK", "UN", "AA", "QO", "SU", "YU", "AN"]) expect(COUNTRY_CODES).not.toContain(unassigned);
  });

  it("has an English name for every code, so the explorer shows names, not codes", () => {
    for (const c of COUNTRY_CODES) expect(countryName(c), c).not.toBe(c);
    expect(countryName("KE")).toBe("Kenya");
  });
});

describe("countryCodeSchema", () => {
  it("upper-cases ASCII letters and trims", () => {
    expect(code.parse("ke")).toBe("KE");
    expect(code.parse(" Br ")).toBe("BR");
  });

  it("refuses unassigned codes and letters that only Unicode case mapping would make a code", () => {
    // "ß" upper-cases to "SS" (South Sudan), the Kelvin sign to "K", the dotless ı to "I".
    for (const value of ["ZZ", "XK", "EU", "ß", "\u212Ak", "\u0131e", "kenya", "K", "", "ＫＥ"]) {
      expect(code.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe("every schema that takes a country", () => {
  const refusedByName = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    !result.success && result.error!.issues.every((issue) => issue.path[0] === "country");

  it("refuses ß and ZZ on create and update, naming country", () => {
    for (const country of ["ß", "ZZ", "zz"]) {
      expect(refusedByName(createNgoSchema.safeParse({ name: "X", sector: "health", country })), country).toBe(true);
      expect(refusedByName(updateNgoSchema.safeParse({ country })), country).toBe(true);
    }
    expect(createNgoSchema.parse({ name: "X", sector: "health", country: "ke" }).country).toBe("KE");
  });

  it("refuses ß and ZZ in registry filters, naming country, and keeps lists of real codes", () => {
    for (const country of ["ß", "ZZ", "KE,ZZ", "%C3%9F"]) {
      expect(() => parseQuery(new URLSearchParams(`country=${country}`), listQuerySchema), country).toThrow(
        expect.objectContaining({ status: 400, extras: { errors: [expect.objectContaining({ name: "country" })] } }),
      );
    }
    expect(parseQuery(new URLSearchParams("country=ke,KE, br"), listQuerySchema).country).toEqual(["KE", "BR"]);
  });
});
