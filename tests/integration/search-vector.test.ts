import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db";
import { applyMigrations } from "@/lib/db/apply-migrations";
import type { Connection } from "@/lib/db/connection";
import { listShippedMigrations } from "@/lib/db/shipped-migrations";
import { searchRelation } from "@/lib/registry/registry-where";
import { searchVector } from "@/lib/registry/search-vector";
import { canSee, searchableFields, TIERS, type SearchableField, type Tier } from "@/lib/tiers";
import { openTestConnection } from "../support/test-connection";

// The tier table, the vector each tier searches and the trigger that fills the vectors must agree.
// Against a real database of its own (embedded, or PostgreSQL with TEST_DATABASE=postgres),
// in-process without the app: the migration and its trigger are part of what is tested.

const SEARCH_BY_TIER = "20261124000000_search_by_tier";

// A word of its own in each searchable field.
const WORDS: Record<SearchableField, string> = {
  name: "Quillnamed",
  legal_name: "Quilllegal",
  registration_number: "QX-12-7654321",
  city: "Quillcity",
  description: "Quilldescribed",
};

let connection: Connection;
let release: (() => Promise<void>) | undefined;

function insertEntry(slug: string) {
  return connection.query(Prisma.sql`
    INSERT INTO ngos (id, slug, name, legal_name, registration_number, country, city, sector_id, description,
                      state, trust_methodology, trust_as_of)
    VALUES (${`ngo_${slug.replace(/-/g, "")}`}, ${slug}, ${WORDS.name}, ${WORDS.legal_name}, ${WORDS.registration_number},
            'DE', ${WORDS.city}, 'health', ${WORDS.description}, 'verified', 'test', now())`);
}

async function search(tier: Tier, q: string): Promise<string[]> {
  const rows = await connection.query<{ slug: string }>(Prisma.sql`
    SELECT n.slug FROM ngos n${searchRelation(q)} WHERE ${searchVector(tier)} @@ search.query ORDER BY n.slug`);
  return rows.map((r) => r.slug);
}

beforeAll(async () => {
  ({ connection, release } = await openTestConnection());
  // One entry from before the migration (its backfill) and one from after (its trigger).
  await applyMigrations(connection, listShippedMigrations().filter((m) => m.name < SEARCH_BY_TIER));
  await insertEntry("entry-before");
  await applyMigrations(connection);
  await insertEntry("entry-after");
});

afterAll(async () => {
  await release?.();
});

describe("searchVector", () => {
  it("gives the public the public fields, partners and operators the registration data too", () => {
    expect(searchableFields("public")).toEqual(["name", "city", "description"]);
    expect(searchableFields("partner")).toEqual(["name", "legal_name", "registration_number", "city", "description"]);
    expect(searchableFields("operator")).toEqual(searchableFields("partner"));
  });

  it("finds a word of a field exactly when the tier may see that field, backfilled or new", async () => {
    for (const tier of TIERS) {
      for (const [field, word] of Object.entries(WORDS) as [SearchableField, string][]) {
        expect(await search(tier, word), `${tier} searching ${field}`).toEqual(
          canSee(tier, field) ? ["entry-after", "entry-before"] : [],
        );
      }
    }
  });

  it("matches a registration number by the parts a partner types, and follows its changes", async () => {
    for (const q of ["QX-12-7654321", "qx 12 7654321", "7654321", "7654"]) {
      expect(await search("partner", q), q).toEqual(["entry-after", "entry-before"]);
    }
    await connection.query(Prisma.sql`UPDATE ngos SET registration_number = 'QY/99/1111111' WHERE slug = 'entry-after'`);
    expect(await search("partner", "QY/99/1111111")).toEqual(["entry-after"]);
    expect(await search("partner", "QX-12-7654321")).toEqual(["entry-before"]);
  });
});
