-- The state timeline from maintained aggregates (issue 21, item 2): how many entries stood in
-- each public state at the end of each month, for the entries public today, without replaying
-- the whole transition history at every visit of /stats (lib/explorer/get-state-timeline.ts,
-- docs/concepts.md#statistics).
--
-- An entry public today contributes each of its stays in a public state as +1 in the month the
-- stay began and -1 in the month it ended (a stay not ended only the +1); an entry not public
-- today contributes nothing. The count at a month's end is the running sum of the months up to
-- it. The aggregate is the sum of every entry's contribution, kept so by triggers in the
-- transactions that change an entry's state or history, whichever comes first:
--   - a row appended to the history adds (history after - history before) x public now;
--   - an update of ngos that makes an entry public adds its history, one that hides it subtracts it;
--   - an entry deleted while public subtracts its history when the cascade deletes it.
-- The history is written after its entry and only ever appended to. As for the statistics'
-- aggregates, the triggers append net changes to ngo_state_month_deltas, and the holder of a
-- tried advisory lock folds them into ngo_state_months; readers add what is not yet folded.
--   ngo_state_months        net contribution per (month, public state)
--   ngo_state_month_deltas  changes not yet folded into it

-- CreateTable
CREATE TABLE "ngo_state_months" (
    "month" DATE NOT NULL,
    "state" "ngo_state" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ngo_state_months_pkey" PRIMARY KEY ("month","state")
);

-- CreateTable
CREATE TABLE "ngo_state_month_deltas" (
    "id" BIGSERIAL NOT NULL,
    "month" DATE NOT NULL,
    "state" "ngo_state" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ngo_state_month_deltas_pkey" PRIMARY KEY ("id")
);

-- A full recount from the history: the contributions of every entry public today. The backfill,
-- `db verify-stats` and its repair read it.
CREATE FUNCTION "ngo_state_months_replay"() RETURNS TABLE ("month" DATE, "state" "ngo_state", "count" INTEGER)
    LANGUAGE sql STABLE
    AS '
    WITH stays AS (
        SELECT t.to_state, t.created_at AS began,
               lead(t.created_at) OVER (PARTITION BY t.ngo_id ORDER BY t.created_at, t.id) AS ended
        FROM ngo_state_transitions t
        JOIN ngos n ON n.id = t.ngo_id AND n.state IN (''verified'', ''suspended'', ''revoked'')
    ), changes AS (
        SELECT to_state, began AS at, 1 AS delta FROM stays WHERE to_state IN (''verified'', ''suspended'', ''revoked'')
        UNION ALL
        SELECT to_state, ended, -1 FROM stays WHERE to_state IN (''verified'', ''suspended'', ''revoked'') AND ended IS NOT NULL
    )
    SELECT date_trunc(''month'', at AT TIME ZONE ''UTC'')::date, to_state, sum(delta)::int
    FROM changes GROUP BY 1, 2 HAVING sum(delta) <> 0
';

-- Folds every committed delta into the totals in one statement (see ngo_stats_fold). Only the
-- holder of the advisory lock 72190022 calls it. Totals that reach zero stay.
CREATE FUNCTION "ngo_state_months_fold"() RETURNS void
    LANGUAGE plpgsql
    AS '
BEGIN
    WITH moved AS (
        DELETE FROM ngo_state_month_deltas RETURNING month, state, count
    )
    INSERT INTO ngo_state_months AS t (month, state, count)
    SELECT month, state, sum(count)::int FROM moved GROUP BY 1, 2 HAVING sum(count) <> 0 ORDER BY 1, 2
    ON CONFLICT (month, state) DO UPDATE SET count = t.count + EXCLUDED.count;
END
';

-- Appends the contributions of some histories to the deltas: for each row of a history (entry,
-- state entered, when, id) a sign, +1 to add that history's stays and -1 to subtract them. The
-- stays are the history in (created_at, id) order, as everywhere it is read.
CREATE FUNCTION "ngo_state_months_append"("ngo_ids" TEXT[], "to_states" "ngo_state"[], "created_ats" TIMESTAMPTZ[], "ids" TEXT[], "signs" INTEGER[]) RETURNS void
    LANGUAGE sql
    AS '
    INSERT INTO ngo_state_month_deltas (month, state, count)
    WITH sides AS (
        SELECT * FROM unnest(ngo_ids, to_states, created_ats, ids, signs) AS s(ngo_id, to_state, created_at, id, sign)
    ), stays AS (
        SELECT sign, to_state, created_at AS began,
               lead(created_at) OVER (PARTITION BY ngo_id, sign ORDER BY created_at, id) AS ended
        FROM sides
    ), changes AS (
        SELECT to_state, began AS at, sign AS delta FROM stays WHERE to_state IN (''verified'', ''suspended'', ''revoked'')
        UNION ALL
        SELECT to_state, ended, -sign FROM stays WHERE to_state IN (''verified'', ''suspended'', ''revoked'') AND ended IS NOT NULL
    )
    SELECT date_trunc(''month'', at AT TIME ZONE ''UTC'')::date, to_state, sum(delta)::int
    FROM changes GROUP BY 1, 2 HAVING sum(delta) <> 0
';

-- Folds the deltas when no other transaction is folding (only under READ COMMITTED, as for the
-- statistics' aggregates).
CREATE FUNCTION "ngo_state_months_try_fold"() RETURNS void
    LANGUAGE plpgsql
    AS '
BEGIN
    IF current_setting(''transaction_isolation'') = ''read committed'' AND pg_try_advisory_xact_lock(72190022) THEN
        PERFORM ngo_state_months_fold();
    END IF;
END
';

-- Rows appended to the history: for each entry they touch, (history after - history before) x
-- public now. An entry whose new rows begin with its creation (from_state NULL) had no history
-- before, so a load of new entries reads nothing but the new rows.
--
-- This trigger and the two below run their query through EXECUTE, planned at each statement:
-- PL/pgSQL would otherwise keep the plan it made at the function's first call in a session, and
-- in a load's transaction that is when ngos held the first thousand entries. The plan then read
-- the whole table for every thousand more (a seed of 2,000,000 entries ran for more than twenty
-- minutes in this trigger alone). Planning costs a fraction of a millisecond per statement, and
-- without JIT: compiling a plan whose estimate crossed jit_above_cost took 50 ms, which a load
-- would pay at every COPY once its tables are large.
CREATE FUNCTION "ngo_state_months_history"() RETURNS trigger
    LANGUAGE plpgsql
    SET jit = off
    AS '
BEGIN
    EXECUTE ''
    SELECT ngo_state_months_append(array_agg(ngo_id), array_agg(to_state), array_agg(created_at), array_agg(id), array_agg(sign))
    FROM (
        WITH touched AS (
            SELECT f.ngo_id, f.from_state IS NOT NULL AS had_history
            FROM (SELECT DISTINCT ON (r.ngo_id) r.ngo_id, r.from_state FROM new_rows r ORDER BY r.ngo_id, r.created_at, r.id) f
            JOIN ngos n ON n.id = f.ngo_id AND n.state = ANY ($1)
        ), before AS (
            SELECT h.ngo_id, h.to_state, h.created_at, h.id
            FROM touched x
            CROSS JOIN LATERAL (
                SELECT t.ngo_id, t.to_state, t.created_at, t.id FROM ngo_state_transitions t
                WHERE t.ngo_id = x.ngo_id AND NOT EXISTS (SELECT 1 FROM new_rows r WHERE r.id = t.id)
            ) h
            WHERE x.had_history
        )
        SELECT ngo_id, to_state, created_at, id, -1 AS sign FROM before
        UNION ALL
        SELECT ngo_id, to_state, created_at, id, 1 FROM before
        UNION ALL
        SELECT r.ngo_id, r.to_state, r.created_at, r.id, 1 FROM new_rows r JOIN touched USING (ngo_id)
    ) AS sides'' USING ARRAY[''verified'', ''suspended'', ''revoked'']::ngo_state[];
    PERFORM ngo_state_months_try_fold();
    RETURN NULL;
END
';

CREATE TRIGGER "ngo_state_transitions_months" AFTER INSERT ON "ngo_state_transitions"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_state_months_history"();

-- An update of entries: those it made public add their history, those it hid subtract it.
CREATE FUNCTION "ngo_state_months_visibility"() RETURNS trigger
    LANGUAGE plpgsql
    SET jit = off
    AS '
BEGIN
    EXECUTE ''
    SELECT ngo_state_months_append(array_agg(h.ngo_id), array_agg(h.to_state), array_agg(h.created_at), array_agg(h.id), array_agg(x.sign))
    FROM (
        SELECT o.id, CASE WHEN n.state = ANY ($1) THEN 1 ELSE -1 END AS sign
        FROM old_rows o JOIN new_rows n USING (id)
        WHERE (o.state = ANY ($1)) <> (n.state = ANY ($1))
    ) x
    JOIN ngo_state_transitions h ON h.ngo_id = x.id'' USING ARRAY[''verified'', ''suspended'', ''revoked'']::ngo_state[];
    PERFORM ngo_state_months_try_fold();
    RETURN NULL;
END
';

CREATE TRIGGER "ngos_state_months_update" AFTER UPDATE ON "ngos"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_state_months_visibility"();

-- History deleted with its entry (by the cascade, after the entry): an entry that was public
-- when deleted (the state its last transition put it in) subtracts its history. History deleted
-- from an entry that still exists (which the service never does) is left to db verify-stats --repair.
CREATE FUNCTION "ngo_state_months_forget"() RETURNS trigger
    LANGUAGE plpgsql
    SET jit = off
    AS '
BEGIN
    EXECUTE ''
    SELECT ngo_state_months_append(array_agg(o.ngo_id), array_agg(o.to_state), array_agg(o.created_at), array_agg(o.id), array_agg(-1))
    FROM old_rows o
    JOIN (SELECT DISTINCT ON (r.ngo_id) r.ngo_id, r.to_state FROM old_rows r ORDER BY r.ngo_id, r.created_at DESC, r.id DESC) last
        ON last.ngo_id = o.ngo_id AND last.to_state = ANY ($1)
    WHERE NOT EXISTS (SELECT 1 FROM ngos n WHERE n.id = o.ngo_id)'' USING ARRAY[''verified'', ''suspended'', ''revoked'']::ngo_state[];
    RETURN NULL;
END
';

CREATE TRIGGER "ngo_state_transitions_months_delete" AFTER DELETE ON "ngo_state_transitions"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_state_months_forget"();

-- TRUNCATE fires no row triggers (db seed --reset uses it, with ngos).
CREATE FUNCTION "ngo_state_months_truncate"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
BEGIN
    DELETE FROM ngo_state_month_deltas;
    DELETE FROM ngo_state_months;
    RETURN NULL;
END
';

CREATE TRIGGER "ngo_state_transitions_months_truncate" AFTER TRUNCATE ON "ngo_state_transitions"
    FOR EACH STATEMENT EXECUTE FUNCTION "ngo_state_months_truncate"();

-- Backfill from the history already there.
INSERT INTO "ngo_state_months" ("month", "state", "count") SELECT "month", "state", "count" FROM ngo_state_months_replay();
