// A stored key as the domain functions return it: API form (snake_case, RFC 3339 UTC), with no
// hash. The Prisma select below is the only way rows are read for it.
import type { ApiKeyKind, ApiKeyTier } from "@/lib/db/generated/client";
import { maskApiKey } from "./mask-api-key";
import type { ApiKeyRecord, Scope } from "./schemas";

export const apiKeyRecordSelect = {
  id: true,
  name: true,
  kind: true,
  tier: true,
  scopes: true,
  allowedOrigins: true,
  ngoId: true,
  ngo: { select: { slug: true } },
  rateLimitPerMinute: true,
  last4: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
} as const;

export type ApiKeyRow = {
  id: string;
  name: string;
  kind: ApiKeyKind;
  tier: ApiKeyTier;
  scopes: string[];
  allowedOrigins: string[];
  ngoId: string | null;
  ngo: { slug: string } | null;
  rateLimitPerMinute: number;
  last4: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

export function toApiKeyRecord(row: ApiKeyRow, now: Date): ApiKeyRecord {
  const status = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active";
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    tier: row.tier,
    // The table's CHECK constraint admits known scopes only.
    scopes: row.scopes as Scope[],
    origins: row.allowedOrigins,
    ngo_id: row.ngoId,
    ngo_slug: row.ngo?.slug ?? null,
    rate_limit_per_minute: row.rateLimitPerMinute,
    last4: row.last4,
    masked_key: maskApiKey(row.kind, row.last4),
    status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
