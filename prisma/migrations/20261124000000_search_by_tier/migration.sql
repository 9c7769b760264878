-- Search matches only fields the caller's tier may see (DESIGN.md §3). One vector holding the
-- legal name let the public test its words letter by letter, and restricting the query to some
-- weights would not have helped: ts_rank counts matches of every weight, so a hidden field would
-- still have moved entries up the order. So there are two vectors, each with its own GIN index,
-- and lib/registry/search-vector.ts picks one per tier from lib/tiers.ts.
--   public_search_vector  name (A), city (C), description (D)
--   full_search_vector    name (A), legal name (B), registration number (B), city (C), description (D)

-- The old GIN index goes now and the new ones are built after the backfill: building an index
-- from finished rows is far cheaper than updating it row by row.
DROP INDEX "ngos_search_vector_idx";
ALTER TABLE "ngos" DROP COLUMN "search_vector",
ADD COLUMN     "full_search_vector" tsvector,
ADD COLUMN     "public_search_vector" tsvector;

DROP TRIGGER "ngos_search_vector" ON "ngos";
DROP FUNCTION "ngos_search_vector_update"();

-- Each part is computed once and keeps its place of the old single vector (name, legal name,
-- city, description), so word distances, and with them the ranking, stay as they were.
-- Registration numbers lose their punctuation first: the parser would read "12-1234567" as a
-- signed number and "218/051/12" as a file path, so the digits a partner types would not match.
CREATE FUNCTION "ngos_search_vectors_update"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
DECLARE
    by_name tsvector := setweight(to_tsvector(''simple'', registry_fold(NEW.name)), ''A'');
    by_city tsvector := setweight(to_tsvector(''simple'', registry_fold(NEW.city)), ''C'');
    by_description tsvector := setweight(to_tsvector(''simple'', registry_fold(NEW.description)), ''D'');
BEGIN
    NEW.public_search_vector := by_name || by_city || by_description;
    NEW.full_search_vector :=
        by_name ||
        setweight(to_tsvector(''simple'', registry_fold(NEW.legal_name)), ''B'') ||
        setweight(to_tsvector(''simple'',
            regexp_replace(registry_fold(NEW.registration_number), ''[[:punct:]]+'', '' '', ''g'')), ''B'') ||
        by_city ||
        by_description;
    RETURN NEW;
END
';

CREATE TRIGGER "ngos_search_vectors"
    BEFORE INSERT OR UPDATE OF "name", "legal_name", "registration_number", "city", "description" ON "ngos"
    FOR EACH ROW EXECUTE FUNCTION "ngos_search_vectors_update"();

-- Backfill: naming a column of the trigger fires it for every row, so the vectors come from the
-- one definition above.
UPDATE "ngos" SET "name" = "name";

-- CreateIndex
CREATE INDEX "ngos_public_search_vector_idx" ON "ngos" USING GIN ("public_search_vector");

-- CreateIndex
CREATE INDEX "ngos_full_search_vector_idx" ON "ngos" USING GIN ("full_search_vector");
