-- The most trusted entries' search vectors, each in a GIN index of their own: a search ranks the
-- 1,000 most trusted of its matches (lib/registry/list-ngos.ts), and where at least 1,000 of them
-- score 90 or more, those are the 1,000, found among an eighth of the registry (the sample's
-- share) instead of among every match. At 2,000,000 entries "Nairobi" matches 12,369 entries
-- and 1,590 of them here. The predicate is written as the search writes it, so the planner
-- matches them; the threshold is SEARCH_TOP_BAND there.
-- CreateIndex
CREATE INDEX "ngos_public_search_vector_top_idx" ON "ngos" USING GIN ("public_search_vector") WHERE trust_score >= 90;

-- CreateIndex
CREATE INDEX "ngos_full_search_vector_top_idx" ON "ngos" USING GIN ("full_search_vector") WHERE trust_score >= 90;
