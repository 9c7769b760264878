-- CreateIndex
CREATE INDEX "ngos_state_sector_id_country_trust_score_idx" ON "ngos"("state", "sector_id", "country", "trust_score");
