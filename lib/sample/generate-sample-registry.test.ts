import { describe, expect, it } from "vitest";
import { timeOrderedId } from "@/lib/random-id";
import { SECTOR_IDS } from "@/lib/registry/sectors";
import { NGO_STATES } from "@/lib/tiers";
import { computeTrustScore } from "@/lib/trust/compute-trust-score";
import { TRUST_COMPONENT_NAMES, TRUST_METHODOLOGY_VERSION } from "@/lib/trust/components";
import {
  SAMPLE_FIXTURES,
  SAMPLE_REFERENCE_DATE,
  generateSampleRegistry,
  sampleRegistryChunks,
  type SampleNgo,
} from "./generate-sample-registry";
import { slugify } from "./slugify";

const SECTORS: readonly string[] = SECTOR_IDS;
const STATES: readonly string[] = NGO_STATES;
// The transitions of docs/concepts.md#ngo-states-and-their-transitions, restated so the generator
// is checked against the published rules rather than against itself.
const LEGAL = new Set([
  "null>draft", "draft>pending_review", "pending_review>verified", "pending_review>draft", "verified>suspended",
  "suspended>verified", "suspended>revoked", "verified>revoked", "revoked>pending_review", "verified>archived",
  "suspended>archived", "revoked>archived",
]);

const registry = generateSampleRegistry({ count: 500 });
const bySlug = new Map(registry.map((ngo) => [ngo.slug, ngo]));

function fixture(slug: string): SampleNgo {
  const ngo = bySlug.get(slug);
  if (!ngo) throw new Error(`fixture ${slug} is missing`);
  return ngo;
}

describe("generateSampleRegistry", () => {
  it("is deterministic: the same seed and count give the same registry, byte for byte", () => {
    const again = generateSampleRegistry({ count: 500 });
    expect(again).toEqual(registry);
    expect(JSON.stringify(again)).toBe(JSON.stringify(registry));
  });

  it("gives another registry for another seed, with the same fixtures", () => {
    const other = generateSampleRegistry({ count: 500, seed: "another seed" });
    expect(other.map((n) => n.id)).not.toEqual(registry.map((n) => n.id));
    expect(other.slice(20).map((n) => n.slug)).not.toEqual(registry.slice(20).map((n) => n.slug));
    expect(other.find((n) => n.slug === SAMPLE_FIXTURES.donationDemo)?.state).toBe("verified");
  });

  it("streams the same registry in chunks, and a larger count extends a smaller one", () => {
    expect([...sampleRegistryChunks({ count: 500 }, 64)].flat()).toEqual(registry);
    expect(generateSampleRegistry({ count: 120 })).toEqual(registry.slice(0, 120));
  });

  it("holds every state, every sector and 30+ countries at 500, and every state at 100", () => {
    expect(new Set(registry.map((n) => n.state))).toEqual(new Set(STATES));
    expect(new Set(registry.map((n) => n.sector_id))).toEqual(new Set(SECTORS));
    expect(new Set(registry.map((n) => n.country)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(generateSampleRegistry({ count: 100 }).map((n) => n.state))).toEqual(new Set(STATES));
    const verified = registry.filter((n) => n.state === "verified").length / registry.length;
    expect(verified).toBeGreaterThan(0.6);
    expect(verified).toBeLessThan(0.8);
  });

  it("gives unique, URL-safe slugs and unique ids with their type prefixes", () => {
    expect(bySlug.size).toBe(registry.length);
    expect(new Set(registry.map((n) => n.id)).size).toBe(registry.length);
    for (const ngo of registry) {
      expect(ngo.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ngo.id).toMatch(/^ngo_[0-9a-z]{20}$/);
      for (const t of ngo.transitions) expect(t.id).toMatch(/^nst_[0-9a-z]{20}$/);
    }
  });

  it("gives ids that sort in the order the entries are generated and stored, as the registry's own sort by creation", () => {
    const ids = registry.map((n) => n.id);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.at(-1)! < timeOrderedId("ngo", 10)).toBe(true);
  });

  it("keeps fields in their published formats and on the reserved example.org domain", () => {
    for (const ngo of registry) {
      expect(ngo.country).toMatch(/^[A-Z]{2}$/);
      expect(SECTORS).toContain(ngo.sector_id);
      if (ngo.website !== null) expect(ngo.website).toBe(`https://${ngo.slug}.example.org`);
      expect(ngo.founded_year).toBeGreaterThanOrEqual(1950);
      expect(ngo.founded_year).toBeLessThanOrEqual(2025);
      expect(ngo.description.split(/(?<=\.) /).length).toBeLessThanOrEqual(3);
      expect(ngo.created_at.getTime()).toBeLessThanOrEqual(ngo.updated_at.getTime());
      expect(ngo.updated_at.getTime()).toBeLessThanOrEqual(SAMPLE_REFERENCE_DATE.getTime());
    }
  });

  it("carries a trust score that its components explain", () => {
    for (const ngo of registry) {
      expect(ngo.components.map((c) => c.component)).toEqual([...TRUST_COMPONENT_NAMES]);
      const recomputed = computeTrustScore(ngo.components, { asOf: ngo.trust_as_of });
      expect(recomputed.score).toBe(ngo.trust_score);
      expect(ngo.trust_methodology).toBe(TRUST_METHODOLOGY_VERSION);
      expect(ngo.trust_as_of.getTime()).toBeLessThanOrEqual(SAMPLE_REFERENCE_DATE.getTime());
    }
    const mean = (state: string) => {
      const scores = registry.filter((n) => n.state === state).map((n) => n.trust_score);
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    };
    expect(mean("verified")).toBeGreaterThan(mean("suspended"));
    expect(mean("suspended")).toBeGreaterThan(mean("revoked"));
  });

  it("records a legal history, forward in time, that ends in the current state", () => {
    for (const ngo of registry) {
      const [first, ...rest] = ngo.transitions;
      expect(first).toMatchObject({ from_state: null, to_state: "draft" });
      expect(first!.created_at).toEqual(ngo.created_at);
      let previous = first!;
      for (const t of rest) {
        expect(LEGAL.has(`${t.from_state}>${t.to_state}`)).toBe(true);
        expect(t.from_state).toBe(previous.to_state);
        expect(t.created_at.getTime()).toBeGreaterThan(previous.created_at.getTime());
        expect(t.actor).toMatch(/^(system|operator:[a-z]+-\d+)$/);
        expect(t.reason.length).toBeGreaterThan(0);
        previous = t;
      }
      expect(previous.to_state).toBe(ngo.state);
    }
  });

  it("sets verified_at exactly for entries that have been verified, to their latest verification", () => {
    for (const ngo of registry) {
      const verifications = ngo.transitions.filter((t) => t.to_state === "verified");
      if (ngo.state === "draft" || ngo.state === "pending_review") {
        expect(ngo.verified_at).toBeNull();
        expect(ngo.donations_enabled).toBe(false);
      } else {
        expect(ngo.verified_at).toEqual(verifications.at(-1)?.created_at);
      }
    }
  });

  it("starts with the documented fixtures", () => {
    expect(fixture(SAMPLE_FIXTURES.donationDemo)).toMatchObject({
      state: "verified",
      sector_id: "water_sanitation",
      donations_enabled: true,
    });
    expect(fixture(SAMPLE_FIXTURES.accented)).toMatchObject({ state: "verified", city: "São Paulo" });
    expect(fixture(SAMPLE_FIXTURES.accented).name).toMatch(/[^\x00-\x7f]/);
    expect(fixture(SAMPLE_FIXTURES.draft).state).toBe("draft");
    expect(fixture(SAMPLE_FIXTURES.pendingReview).state).toBe("pending_review");
    expect(fixture(SAMPLE_FIXTURES.suspended).state).toBe("suspended");
    expect(fixture(SAMPLE_FIXTURES.revoked).state).toBe("revoked");
    expect(fixture(SAMPLE_FIXTURES.archived).state).toBe("archived");
    for (const [sector, slug] of Object.entries(SAMPLE_FIXTURES.verifiedBySector)) {
      expect(fixture(slug)).toMatchObject({ state: "verified", sector_id: sector });
    }
  });

  it("refuses a count it cannot honour", () => {
    expect(() => generateSampleRegistry({ count: -1 })).toThrow(RangeError);
    expect(() => generateSampleRegistry({ count: 1.5 })).toThrow(RangeError);
    expect(() => generateSampleRegistry({ count: 1, seed: "" })).toThrow(RangeError);
  });
});

describe("slugify", () => {
  it("folds accents and letters Unicode cannot decompose, and hyphenates the rest", () => {
    expect(slugify("Société d'Entraide Économique")).toBe("societe-d-entraide-economique");
    expect(slugify("Fundação Horizonte Verde")).toBe("fundacao-horizonte-verde");
    expect(slugify("Łódź · Tromsø · Straße")).toBe("lodz-tromso-strasse");
  });
});
