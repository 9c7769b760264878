-- Statistics from maintained aggregates (issue 21, item 2): counts of entries by state, sector,
-- country and trust score, kept exact by the transactions that change `ngos`, so that a
-- statistics answer reads a few thousand rows instead of every matching entry
-- (lib/registry/get-registry-stats.ts, docs/concepts.md#statistics).
--
-- Three tables. Statement-level triggers on `ngos` append each statement's net change to
-- ngo_stat_deltas and never update a shared row: two writers touching the same key (two drafts
-- created in the same sector, country and score) neither wait for each other nor deadlock,
-- however many statements their transactions hold and in whatever order. The deltas are folded
-- into the totals by whichever writer holds a transaction-scoped advisory lock (taken with
-- try, never waited for), in one statement, in key order. Readers add the deltas not yet folded.
--   ngo_stats         count per (state, sector, country, trust score): what a min_trust_score
--                     that cuts a tenth of the score needs
--   ngo_stat_buckets  count and score sum per (state, sector, country, tenth of the score): what
--                     an answer reads for whole buckets, ten times fewer rows
--   ngo_stat_deltas   changes not yet folded into both

-- CreateTable
CREATE TABLE "ngo_stats" (
    "state" "ngo_state" NOT NULL,
    "sector_id" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL,
    "trust_score" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ngo_stats_pkey" PRIMARY KEY ("state","sector_id","country","trust_score")
);

-- CreateTable
CREATE TABLE "ngo_stat_buckets" (
    "state" "ngo_state" NOT NULL,
    "sector_id" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL,
    "bucket" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "score_sum" BIGINT NOT NULL,

    CONSTRAINT "ngo_stat_buckets_pkey" PRIMARY KEY ("state","sector_id","country","bucket")
);

-- CreateTable
CREATE TABLE "ngo_stat_deltas" (
    "id" BIGSERIAL NOT NULL,
    "state" "ngo_state" NOT NULL,
    "sector_id" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL,
    "trust_score" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ngo_stat_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ngo_stats_trust_score_idx" ON "ngo_stats"("trust_score");

-- Folds every committed delta into both totals, in one statement and so under one snapshot:
-- a delta is either moved whole or left for the next fold. Only the holder of the advisory lock
-- (72190021) calls this, so no two folds ever update the same totals at once, and the key order
-- keeps even that harmless. A move within a tenth changes its score sum, not its count. Totals
-- that reach zero stay (readers skip them): deleting them would mean a scan per fold, and the
-- keys are few (states x sectors x countries x scores).
CREATE FUNCTION "ngo_stats_fold"() RETURNS void
    LANGUAGE plpgsql
    AS '
BEGIN
    WITH moved AS (
        DELETE FROM ngo_stat_deltas
        RETURNING state, sector_id, country, trust_score, count
    ), by_score AS (
        INSERT INTO ngo_stats AS t (state, sector_id, country, trust_score, count)
        SELECT state, sector_id, country, trust_score, sum(count)::int FROM moved
        GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (state, sector_id, country, trust_score) DO UPDATE SET count = t.count + EXCLUDED.count
    )
    INSERT INTO ngo_stat_buckets AS b (state, sector_id, country, bucket, count, score_sum)
    SELECT state, sector_id, country, LEAST(trust_score / 10, 9), sum(count)::int, sum(count::bigint * trust_score)
    FROM moved GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0 OR sum(count::bigint * trust_score) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (state, sector_id, country, bucket)
        DO UPDATE SET count = b.count + EXCLUDED.count, score_sum = b.score_sum + EXCLUDED.score_sum;
END
';

-- One function for the three triggers (transition tables allow one event per trigger). An update
-- that moves no entry between keys (a new description, a version bump) nets to nothing and
-- appends nothing. The fold is tried, never waited for: a writer that finds the lock taken
-- leaves its deltas to the next. Only under READ COMMITTED, where each statement of the fold
-- sees what the lock's previous holder committed.
CREATE FUNCTION "ngo_stats_record"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
BEGIN
    IF TG_OP = ''INSERT'' THEN
        INSERT INTO ngo_stat_deltas (state, sector_id, country, trust_score, count)
        SELECT state, sector_id, country, trust_score, count(*) FROM new_rows
        GROUP BY 1, 2, 3, 4;
    ELSIF TG_OP = ''DELETE'' THEN
        INSERT INTO ngo_stat_deltas (state, sector_id, country, trust_score, count)
        SELECT state, sector_id, country, trust_score, -count(*) FROM old_rows
        GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO ngo_stat_deltas (state, sector_id, country, trust_score, count)
        SELECT state, sector_id, country, trust_score, sum(change) FROM (
            SELECT state, sector_id, country, trust_score, 1 AS change FROM new_rows
            UNION ALL
            SELECT state, sector_id, country, trust_score, -1 FROM old_rows
        ) AS changes
        GROUP BY 1, 2, 3, 4 HAVING sum(change) <> 0;
    END IF;
    IF current_setting(''transaction_isolation'') = ''read committed'' AND pg_try_advisory_xact_lock(72190021) THEN
        PERFORM ngo_stats_fold();
    END IF;
    RETURN NULL;
END
';

CREATE TRIGGER "ngos_stats_insert" AFTER INSERT ON "ngos"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_stats_record"();
CREATE TRIGGER "ngos_stats_update" AFTER UPDATE ON "ngos"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_stats_record"();
CREATE TRIGGER "ngos_stats_delete" AFTER DELETE ON "ngos"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ngo_stats_record"();

-- TRUNCATE fires no row triggers (db seed --reset uses it): it holds ngos exclusively, so no
-- writer's delta is in flight.
CREATE FUNCTION "ngo_stats_truncate"() RETURNS trigger
    LANGUAGE plpgsql
    AS '
BEGIN
    DELETE FROM ngo_stat_deltas;
    DELETE FROM ngo_stats;
    DELETE FROM ngo_stat_buckets;
    RETURN NULL;
END
';

CREATE TRIGGER "ngos_stats_truncate" AFTER TRUNCATE ON "ngos"
    FOR EACH STATEMENT EXECUTE FUNCTION "ngo_stats_truncate"();

-- Backfill from the entries already there.
INSERT INTO "ngo_stats" ("state", "sector_id", "country", "trust_score", "count")
SELECT "state", "sector_id", "country", "trust_score", count(*) FROM "ngos" GROUP BY 1, 2, 3, 4;

INSERT INTO "ngo_stat_buckets" ("state", "sector_id", "country", "bucket", "count", "score_sum")
SELECT "state", "sector_id", "country", "bucket", sum("count"), sum("count"::bigint * "trust_score")
FROM (SELECT *, LEAST("trust_score" / 10, 9) AS "bucket" FROM "ngo_stats") AS "s" GROUP BY 1, 2, 3, 4;
