-- The setting trust_registry.defer_folds (migration 20261127020000_bulk_loads_fold_once) is set
-- by no one since bulk loads switch the aggregates' insert triggers off for their own transaction
-- and recount once before they commit (lib/sample/with-aggregates-recounted-after.ts): the folds
-- no longer read it. Every writer folds as before.

CREATE OR REPLACE FUNCTION "ngo_stats_record"() RETURNS trigger
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
    IF current_setting(''transaction_isolation'') = ''read committed''
        AND pg_try_advisory_xact_lock(72190021) THEN
        PERFORM ngo_stats_fold();
    END IF;
    RETURN NULL;
END
';

CREATE OR REPLACE FUNCTION "ngo_state_months_try_fold"() RETURNS void
    LANGUAGE plpgsql
    AS '
BEGIN
    IF current_setting(''transaction_isolation'') = ''read committed''
        AND pg_try_advisory_xact_lock(72190022) THEN
        PERFORM ngo_state_months_fold();
    END IF;
END
';
