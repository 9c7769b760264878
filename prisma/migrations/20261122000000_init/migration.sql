-- CreateEnum
CREATE TYPE "ngo_state" AS ENUM ('draft', 'pending_review', 'verified', 'suspended', 'revoked', 'archived');

-- CreateTable
CREATE TABLE "sectors" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "sectors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ngos" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "legal_name" TEXT NOT NULL,
    "registration_number" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL,
    "city" TEXT NOT NULL,
    "sector_id" TEXT NOT NULL,
    "website" TEXT,
    "description" TEXT NOT NULL,
    "founded_year" INTEGER,
    "donations_enabled" BOOLEAN NOT NULL DEFAULT false,
    "state" "ngo_state" NOT NULL DEFAULT 'draft',
    "trust_score" INTEGER NOT NULL DEFAULT 0,
    "trust_methodology" TEXT NOT NULL,
    "trust_as_of" TIMESTAMPTZ(3) NOT NULL,
    "search_vector" tsvector,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMPTZ(3),

    CONSTRAINT "ngos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trust_score_components" (
    "ngo_id" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "weight" INTEGER NOT NULL,
    "evidence_date" DATE NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "trust_score_components_pkey" PRIMARY KEY ("ngo_id","component")
);

-- CreateTable
CREATE TABLE "ngo_state_transitions" (
    "id" TEXT NOT NULL,
    "ngo_id" TEXT NOT NULL,
    "from_state" "ngo_state",
    "to_state" "ngo_state" NOT NULL,
    "actor" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ngo_state_transitions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ngos_slug_key" ON "ngos"("slug");

-- CreateIndex
CREATE INDEX "ngos_trust_score_id_idx" ON "ngos"("trust_score", "id");

-- CreateIndex
CREATE INDEX "ngos_name_id_idx" ON "ngos"("name", "id");

-- CreateIndex
CREATE INDEX "ngos_verified_at_id_idx" ON "ngos"("verified_at", "id");

-- CreateIndex
CREATE INDEX "ngos_sector_id_trust_score_id_idx" ON "ngos"("sector_id", "trust_score", "id");

-- CreateIndex
CREATE INDEX "ngos_country_trust_score_id_idx" ON "ngos"("country", "trust_score", "id");

-- CreateIndex
CREATE INDEX "ngos_state_trust_score_id_idx" ON "ngos"("state", "trust_score", "id");

-- CreateIndex
CREATE INDEX "ngos_search_vector_idx" ON "ngos" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "ngo_state_transitions_ngo_id_created_at_idx" ON "ngo_state_transitions"("ngo_id", "created_at");

-- AddForeignKey
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_sector_id_fkey" FOREIGN KEY ("sector_id") REFERENCES "sectors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trust_score_components" ADD CONSTRAINT "trust_score_components_ngo_id_fkey" FOREIGN KEY ("ngo_id") REFERENCES "ngos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ngo_state_transitions" ADD CONSTRAINT "ngo_state_transitions_ngo_id_fkey" FOREIGN KEY ("ngo_id") REFERENCES "ngos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Guards the schema cannot express
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_trust_score_range" CHECK ("trust_score" BETWEEN 0 AND 100);
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_country_format" CHECK ("country" ~ '^[A-Z]{2}$');
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_slug_format" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
ALTER TABLE "trust_score_components" ADD CONSTRAINT "trust_score_components_score_range" CHECK ("score" BETWEEN 0 AND 100);
ALTER TABLE "trust_score_components" ADD CONSTRAINT "trust_score_components_weight_range" CHECK ("weight" BETWEEN 0 AND 10000);

-- Search: lower case without accents, the same fold for documents and queries, so that
-- "Sao Paulo" finds "São Paulo". Unicode decomposition drops the combining marks, and the
-- letters that do not decompose are mapped by hand. Built-ins only (no unaccent extension),
-- so PGlite and PostgreSQL agree. Both run UTF8 databases, which normalize() needs.
CREATE FUNCTION "registry_fold"("input" TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN translate(regexp_replace(normalize(lower("input"), NFD), '[\u0300-\u036f]', '', 'g'),
        'øđħıłŧßæœðþ', 'odhiltsaodt');

-- Ranked by field: name (A) over legal name (B) over city (C) over description (D).
CREATE FUNCTION "ngos_search_vector_update"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
BEGIN
    NEW.search_vector :=
        setweight(to_tsvector(''simple'', registry_fold(NEW.name)), ''A'') ||
        setweight(to_tsvector(''simple'', registry_fold(NEW.legal_name)), ''B'') ||
        setweight(to_tsvector(''simple'', registry_fold(NEW.city)), ''C'') ||
        setweight(to_tsvector(''simple'', registry_fold(NEW.description)), ''D'');
    RETURN NEW;
END
';

CREATE TRIGGER "ngos_search_vector" BEFORE INSERT OR UPDATE OF "name", "legal_name", "city", "description" ON "ngos"
    FOR EACH ROW EXECUTE FUNCTION "ngos_search_vector_update"();

-- The published sector list. lib/registry/sectors.ts holds the same list and a test keeps them equal.
INSERT INTO "sectors" ("id", "name", "description") VALUES
    ('health', 'Health', 'Medical care, public health and disease prevention'),
    ('education', 'Education', 'Schools, literacy, vocational training and scholarships'),
    ('environment', 'Environment', 'Conservation, climate action and biodiversity'),
    ('humanitarian', 'Humanitarian aid', 'Emergency relief, refugees and disaster response'),
    ('human_rights', 'Human rights', 'Civil liberties, legal aid and advocacy'),
    ('animal_welfare', 'Animal welfare', 'Animal protection, shelters and wildlife rescue'),
    ('arts_culture', 'Arts and culture', 'Heritage, the arts, libraries and museums'),
    ('community_development', 'Community development', 'Local infrastructure, housing and civic life'),
    ('poverty_relief', 'Poverty relief', 'Food security, livelihoods and social protection'),
    ('water_sanitation', 'Water and sanitation', 'Clean water, sanitation and hygiene'),
    ('children_youth', 'Children and youth', 'Child protection, youth programmes and family support'),
    ('research', 'Research', 'Scientific and social research for the public good');
