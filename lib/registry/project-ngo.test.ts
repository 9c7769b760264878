import { describe, expect, it } from "vitest";
import { projectNgo } from "./project-ngo";
import type { NgoEntry } from "./entry-schema";
import { redactedFields, visibleStates, NGO_FIELD_TIERS } from "@/lib/tiers";

const entry: NgoEntry = {
  id: "ngo_0000000000000000000a",
  slug: "blue-delta-water-trust",
  name: "Blue Delta Water Trust",
  legal_name: "Blue Delta Water Trust e.V.",
  registration_number: "DE-VR-12345",
  state: "verified",
  sector: "water_sanitation",
  country: "DE",
  city: "Köln",
  website: "https://blue-delta-water-trust.example.org",
  description: "Clean water for river villages.",
  founded_year: 1998,
  trust_score: 82,
  trust: {
    score: 82,
    methodology_version: "2026.1",
    as_of: "2026-11-01T00:00:00.000Z",
    components: [{ component: "verification", score: 90, weight: 3000, evidence_date: "2026-10-01", source: "Registry audit" }],
  },
  state_history: [{ from: null, to: "draft", actor: "system", reason: "created", at: "2020-01-01T00:00:00.000Z" }],
  donations_enabled: true,
  verified_at: "2020-02-01T00:00:00.000Z",
  created_at: "2020-01-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

const PUBLIC_FIELDS = ["slug", "name", "state", "sector", "country", "city", "website", "description", "trust_score", "verified_at"];
const PARTNER_ONLY = ["legal_name", "registration_number", "founded_year", "trust", "state_history", "updated_at"];
const OPERATOR_ONLY = ["id", "donations_enabled", "created_at"];

describe("tier projection", () => {
  it("shows the public exactly the public fields", () => {
    expect(Object.keys(projectNgo(entry, "public")).sort()).toEqual([...PUBLIC_FIELDS].sort());
    expect(redactedFields("public").sort()).toEqual([...PARTNER_ONLY, ...OPERATOR_ONLY].sort());
  });

  it("shows partners the public fields plus provenance, history and registration data", () => {
    const partner = projectNgo(entry, "partner");
    expect(Object.keys(partner).sort()).toEqual([...PUBLIC_FIELDS, ...PARTNER_ONLY].sort());
    expect(partner.trust?.components[0]?.source).toBe("Registry audit");
    expect(redactedFields("partner").sort()).toEqual([...OPERATOR_ONLY].sort());
  });

  it("shows operators everything", () => {
    expect(projectNgo(entry, "operator")).toEqual(entry);
    expect(redactedFields("operator")).toEqual([]);
  });

  it("keeps what a tier sees and what it is told is redacted complementary", () => {
    for (const tier of ["public", "partner", "operator"] as const) {
      const seen = Object.keys(projectNgo(entry, tier));
      expect([...seen, ...redactedFields(tier)].sort()).toEqual(Object.keys(NGO_FIELD_TIERS).sort());
    }
  });

  it("never lets anyone but operators see draft, pending_review or archived entries", () => {
    for (const tier of ["public", "partner"] as const) {
      expect(visibleStates(tier)).toEqual(["verified", "suspended", "revoked"]);
    }
    expect(visibleStates("operator")).toContain("draft");
    expect(visibleStates("operator")).toContain("pending_review");
  });
});
