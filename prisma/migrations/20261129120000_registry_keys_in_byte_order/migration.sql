-- The registry's keys and codes compare byte by byte (COLLATE "C"), whatever the database's own
-- collation: entry and history ids, slugs, registration numbers, countries, sectors, component
-- names, and the columns that join or are counted with them. Two reasons:
-- - Speed. A B-tree over a collated column compares through the C library's strcoll, and
--   PostgreSQL cannot sort it by abbreviated keys; under "C" it compares bytes. Building the history's
--   primary key over 7,000,000 rows took 21.3 s under the database's collation (C.UTF-8 here) and
--   7.3 s under "C"; the score components' key 14.0 s and 10.1 s; the slugs' 5.9 s and 4.3 s. A
--   bulk load builds all of them, and every lookup and join by id compares them too.
-- - One order everywhere. These values are ASCII identifiers; ordering them by a language's rules
--   (which set punctuation and case aside at first) differed between databases, and from the order
--   in which the application compares them. Under C.UTF-8, as here, the order does not change.
-- Names, descriptions and other prose keep the database's collation.
--
-- Only the indexes on these columns are built again: the type stays the same, so no table is
-- rewritten. The view that reads them and the trigger that names one are made again, as they were.

DROP VIEW "ngo_details_json_source";
DROP TRIGGER "ngos_search_vectors" ON "ngos";

ALTER TABLE "sectors" ALTER COLUMN "id" TYPE TEXT COLLATE "C";
ALTER TABLE "ngos"
    ALTER COLUMN "id" TYPE TEXT COLLATE "C",
    ALTER COLUMN "slug" TYPE TEXT COLLATE "C",
    ALTER COLUMN "registration_number" TYPE TEXT COLLATE "C",
    ALTER COLUMN "country" TYPE CHAR(2) COLLATE "C",
    ALTER COLUMN "sector_id" TYPE TEXT COLLATE "C";
ALTER TABLE "trust_score_components"
    ALTER COLUMN "ngo_id" TYPE TEXT COLLATE "C",
    ALTER COLUMN "component" TYPE TEXT COLLATE "C";
ALTER TABLE "ngo_state_transitions"
    ALTER COLUMN "id" TYPE TEXT COLLATE "C",
    ALTER COLUMN "ngo_id" TYPE TEXT COLLATE "C";
ALTER TABLE "ngo_details_json" ALTER COLUMN "ngo_id" TYPE TEXT COLLATE "C";
ALTER TABLE "api_keys" ALTER COLUMN "ngo_id" TYPE TEXT COLLATE "C";
ALTER TABLE "donation_intents" ALTER COLUMN "ngo_id" TYPE TEXT COLLATE "C";
ALTER TABLE "ngo_stats"
    ALTER COLUMN "sector_id" TYPE TEXT COLLATE "C",
    ALTER COLUMN "country" TYPE CHAR(2) COLLATE "C";
ALTER TABLE "ngo_stat_buckets"
    ALTER COLUMN "sector_id" TYPE TEXT COLLATE "C",
    ALTER COLUMN "country" TYPE CHAR(2) COLLATE "C";
ALTER TABLE "ngo_stat_deltas"
    ALTER COLUMN "sector_id" TYPE TEXT COLLATE "C",
    ALTER COLUMN "country" TYPE CHAR(2) COLLATE "C";

CREATE VIEW "ngo_details_json_source" AS
SELECT n.id AS ngo_id, coalesce(c.list, '') AS components, coalesce(h.list, '') AS state_history
FROM ngos n
LEFT JOIN LATERAL (
    SELECT string_agg(concat('{"component":', to_json(component), ',"score":', score, ',"weight":', weight,
        ',"evidence_date":"', evidence_date::text, '","source":', to_json(source), '}'), ',' ORDER BY weight DESC, component) AS list
    FROM trust_score_components WHERE ngo_id = n.id) c ON true
LEFT JOIN LATERAL (
    SELECT string_agg(concat('{"from":', coalesce('"' || from_state::text || '"', 'null'), ',"to":"', to_state::text,
        '","actor":', to_json(actor), ',"reason":', to_json(reason),
        ',"at":"', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '"}'), ',' ORDER BY created_at, id) AS list
    FROM ngo_state_transitions WHERE ngo_id = n.id) h ON true;

CREATE TRIGGER "ngos_search_vectors"
    BEFORE INSERT OR UPDATE OF "name", "legal_name", "registration_number", "city", "description" ON "ngos"
    FOR EACH ROW EXECUTE FUNCTION "ngos_search_vectors_update"();
