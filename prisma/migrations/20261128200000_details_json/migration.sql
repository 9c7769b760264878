-- Each entry's score components and state history as JSON, written once when they change instead
-- of on every read of the bulk export: writing them was three quarters of PostgreSQL's work per
-- exported entry (a batch of 1,000 partner entries took 43 ms with them and 12 ms without, at
-- 2,000,000 entries). Each column holds the members of the JSON array the list API sends for the
-- entry's `trust.components` and `state_history`, in its order, byte for byte (the export's test
-- compares every line with the list API's JSON), without the brackets; an entry with neither has
-- no row. Kept exact by the triggers below in the same transaction as every write of either
-- table; a bulk load fills it once at its end instead (lib/sample/with-details-json-filled-after.ts),
-- and `db verify-stats` compares it with a fresh rendering.
CREATE TABLE "ngo_details_json" (
    "ngo_id" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "state_history" TEXT NOT NULL,

    CONSTRAINT "ngo_details_json_pkey" PRIMARY KEY ("ngo_id")
);

ALTER TABLE "ngo_details_json" ADD CONSTRAINT "ngo_details_json_ngo_id_fkey" FOREIGN KEY ("ngo_id") REFERENCES "ngos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every entry's row as it should read: the one place this JSON is written. A component's fields
-- and a state change's in the list API's order; text through to_json, which escapes exactly what
-- JSON.stringify escapes; times as the API writes them (UTC, milliseconds). Read for a few entries
-- (the triggers below), for all (a load's end, db verify-stats), or for none without a row (the
-- backfill below).
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

-- Writes the given entries' rows again. Each row is made first and locked, in id order, before the
-- lists are read: a write of the same entry in another transaction holds the row until it
-- commits, and the reading (a statement of its own, under READ COMMITTED a snapshot of its own)
-- then includes it, where two writers rendering at once would each miss the other's rows.
CREATE FUNCTION "ngo_details_json_refresh"(ids TEXT[]) RETURNS void
    LANGUAGE plpgsql
    SET jit = off
    AS '
BEGIN
    INSERT INTO ngo_details_json (ngo_id, components, state_history)
    SELECT n.id, '''', '''' FROM ngos n WHERE n.id = ANY (ids) ORDER BY n.id
    ON CONFLICT (ngo_id) DO NOTHING;
    PERFORM 1 FROM ngo_details_json d WHERE d.ngo_id = ANY (ids) ORDER BY d.ngo_id FOR UPDATE;
    UPDATE ngo_details_json d SET components = r.components, state_history = r.state_history
    FROM ngo_details_json_source r
    WHERE d.ngo_id = ANY (ids) AND r.ngo_id = d.ngo_id AND (d.components, d.state_history) IS DISTINCT FROM (r.components, r.state_history);
END
';

-- The entries whose components or history a statement inserted, updated or deleted (an entry
-- deleted with them has nothing left to write: its row goes by the cascade).
CREATE FUNCTION "ngo_details_json_changed"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
BEGIN
    PERFORM ngo_details_json_refresh(ARRAY(SELECT DISTINCT ngo_id FROM changed_rows));
    RETURN NULL;
END
';

CREATE FUNCTION "ngo_details_json_moved"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
BEGIN
    PERFORM ngo_details_json_refresh(ARRAY(SELECT ngo_id FROM changed_rows UNION SELECT ngo_id FROM old_rows));
    RETURN NULL;
END
';

CREATE TRIGGER "trust_score_components_json_insert" AFTER INSERT ON "trust_score_components"
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_details_json_changed"();
CREATE TRIGGER "trust_score_components_json_update" AFTER UPDATE ON "trust_score_components"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_details_json_moved"();
CREATE TRIGGER "trust_score_components_json_delete" AFTER DELETE ON "trust_score_components"
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_details_json_changed"();
CREATE TRIGGER "ngo_state_transitions_json_insert" AFTER INSERT ON "ngo_state_transitions"
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_details_json_changed"();
CREATE TRIGGER "ngo_state_transitions_json_update" AFTER UPDATE ON "ngo_state_transitions"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_details_json_moved"();
CREATE TRIGGER "ngo_state_transitions_json_delete" AFTER DELETE ON "ngo_state_transitions"
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_details_json_changed"();

-- The entries already there (about a minute at 2,000,000 entries).
INSERT INTO "ngo_details_json" ("ngo_id", "components", "state_history")
SELECT ngo_id, components, state_history FROM ngo_details_json_source
WHERE components <> '' OR state_history <> '';
