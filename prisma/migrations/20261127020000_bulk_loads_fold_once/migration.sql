-- Bulk loads fold the aggregates once (issue 21). A load (db seed on PostgreSQL) is one
-- transaction of thousands of statements; folding after each rewrote the same aggregate rows
-- thousands of times in that one transaction, every version kept until it commits, so each fold
-- walked longer chains than the one before: quadratic, and most of a two-million-entry load.
-- A transaction that sets trust_registry.defer_folds to 'on' (SET LOCAL) leaves its deltas
-- unfolded, and folds once before it commits (lib/sample/copy-sample-registry.ts). Every other
-- writer is unchanged. Readers add unfolded deltas anyway, so answers are exact either way.

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
        AND coalesce(current_setting(''trust_registry.defer_folds'', true), '''') <> ''on''
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
        AND coalesce(current_setting(''trust_registry.defer_folds'', true), '''') <> ''on''
        AND pg_try_advisory_xact_lock(72190022) THEN
        PERFORM ngo_state_months_fold();
    END IF;
END
';
