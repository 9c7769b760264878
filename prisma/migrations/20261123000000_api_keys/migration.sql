-- CreateEnum
CREATE TYPE "api_key_kind" AS ENUM ('publishable', 'secret');

-- CreateEnum
CREATE TYPE "api_key_tier" AS ENUM ('public', 'partner', 'operator');

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "api_key_kind" NOT NULL,
    "tier" "api_key_tier" NOT NULL,
    "scopes" TEXT[],
    "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "ngo_id" TEXT,
    "rate_limit_per_minute" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_ngo_id_idx" ON "api_keys"("ngo_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_ngo_id_fkey" FOREIGN KEY ("ngo_id") REFERENCES "ngos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Guards the schema cannot express. Prisma leaves list columns nullable, hence the IS NOT NULL.
-- The hash format also means a plaintext key can never be stored by mistake.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_id_format" CHECK ("id" ~ '^key_[0-9a-z]{20}$');
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_hash_format" CHECK ("hash" ~ '^[0-9a-f]{64}$');
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_last4_format" CHECK ("last4" ~ '^[0-9A-Za-z]{4}$');
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rate_limit_range" CHECK ("rate_limit_per_minute" BETWEEN 1 AND 100000);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_allowed_origins_present" CHECK ("allowed_origins" IS NOT NULL);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_known" CHECK (
    "scopes" IS NOT NULL AND cardinality("scopes") >= 1
    AND "scopes" <@ ARRAY['registry:read', 'embed:write', 'registry:write', 'admin']::TEXT[]);
-- Writing the registry and administering keys are operator powers.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_operator_scopes" CHECK (
    "tier" = 'operator' OR NOT ("scopes" && ARRAY['registry:write', 'admin']::TEXT[]));
-- A publishable key sits in a web page: public tier, one NGO, its origins, nothing but embed:write.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_publishable_bound" CHECK (
    "kind" <> 'publishable' OR ("tier" = 'public' AND "ngo_id" IS NOT NULL
        AND cardinality("allowed_origins") >= 1 AND "scopes" = ARRAY['embed:write']::TEXT[]));
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_secret_tier" CHECK ("kind" <> 'secret' OR "tier" <> 'public');
