import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db";
import { applyMigrations } from "@/lib/db/apply-migrations";
import type { Connection } from "@/lib/db/connection";
import { listShippedMigrations } from "@/lib/db/shipped-migrations";
import { searchRelation } from "@/lib/registry/registry-where";
import { searchVector } from "@/lib/registry/search-vector";
import { canSee, searchableFields, TIERS, type SearchableField, type Tier } from "@/lib/tiers";
import { openTestConnection } from "../support/test-connection";

// The tier table, the vector each tier searches and the trigger that fills the vectors must agree,
// and registry_fold's shortcut for ASCII text (migration 20261127200000_registry_fold_ascii) must
// fold every text as the full fold does, so that vectors stored before it and queries folded
// after it still meet. Against a real database of its own (embedded, or PostgreSQL with
// TEST_DATABASE=postgres), in-process without the app: the migrations and the trigger are part of
// what is tested.

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

// The fold as the first migration defined it, without the shortcut.
const FULL_FOLD = `translate(regexp_replace(normalize(lower(t), NFD), '[\\u0300-\\u036f]', '', 'g'), 'øđħıłŧßæœðþ', 'odhiltsaodt')`;

const TEXTS = [
  "",
  "Nairobi Water Trust",
  "UPPER lower MiXeD 0123456789",
  "punctuation !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
  "tabs\tnew\nlines\rand \u0001 \u001b \u007f controls",
  "São Paulo",
  "Łódź ĦÆØ Þórsmörk straße œuvre",
  "Ἀθῆναι",
  "Йошкар-Ола",
  "İstanbul ıIiİ",
  "Thành phố Hồ Chí Minh",
  "東京 नई दिल्ली القاهرة",
  "emoji 🙂 and ﬁ ligature",
  "combining e\u0301 already decomposed",
  "A".repeat(5000),
];

// Strings of random code points, most of them ASCII, some not, from a fixed seed.
function randomTexts(count: number): string[] {
  let seed = 21;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const ranges: [number, number][] = [[0x01, 0x7f], [0x01, 0x7f], [0x01, 0x7f], [0xa0, 0x24f], [0x300, 0x36f], [0x370, 0x52f], [0x1e00, 0x1fff], [0x1f300, 0x1f64f]];
  return Array.from({ length: count }, () => {
    const allAscii = next() < 0.5;
    return Array.from({ length: Math.floor(next() * 40) }, () => {
      const [low, high] = ranges[allAscii ? 0 : Math.floor(next() * ranges.length)]!;
      return String.fromCodePoint(low + Math.floor(next() * (high - low + 1)));
    }).join("");
  });
}

describe("registry_fold", () => {
  it("folds ASCII and every other text exactly as the full fold does", async () => {
    const texts = [...TEXTS, ...randomTexts(2000)];
    const rows = await connection.query<{ i: number; folded: string; full: string }>(Prisma.sql`
      SELECT i::int, registry_fold(t) AS folded, ${Prisma.raw(FULL_FOLD)} AS full
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS input(t, i)`);
    expect(rows).toHaveLength(texts.length);
    const differing = rows.filter((r) => r.folded !== r.full).map((r) => texts[r.i - 1]);
    expect(differing).toEqual([]);
    expect(rows.slice(0, 6).map((r) => r.folded)).toEqual([
      "",
      "nairobi water trust",
      "upper lower mixed 0123456789",
      TEXTS[3]!.toLowerCase(),
      TEXTS[4]!.toLowerCase(),
      "sao paulo",
    ]);
  });

  it("folds NULL to NULL", async () => {
    expect(await connection.query(Prisma.sql`SELECT registry_fold(NULL) AS folded`)).toEqual([{ folded: null }]);
  });
});
