import { describe, expect, it } from "vitest";
import type { ApiKeyRecord } from "@/lib/keys/schemas";
import { formatApiKey } from "./format-api-key";
import { formatApiKeyTable } from "./format-api-key-table";

const record: ApiKeyRecord = {
  id: "key_00000000000000000001",
  name: "Donate widget",
  kind: "publishable",
  tier: "public",
  scopes: ["embed:write"],
  origins: ["http://localhost:3000", "https://*.example.org"],
  ngo_id: "ngo_1",
  ngo_slug: "demo-water-trust",
  rate_limit_per_minute: 600,
  last4: "AbCd",
  masked_key: "tr_pk_…AbCd",
  status: "active",
  created_at: "2026-11-23T10:11:12.000Z",
  expires_at: null,
  revoked_at: null,
  last_used_at: null,
};

describe("key formatting", () => {
  it("lines keys up in a table, one row each", () => {
    const table = formatApiKeyTable([record, { ...record, id: "key_00000000000000000002", name: "Partner", kind: "secret", tier: "partner", ngo_slug: null, masked_key: "tr_sk_…WxYz", status: "revoked" }]);
    expect(table.split("\n")).toEqual([
      "ID                        NAME           KEY          KIND         TIER     STATUS   NGO               LIMIT/MIN  CREATED (UTC)     LAST USED",
      "key_00000000000000000001  Donate widget  tr_pk_…AbCd  publishable  public   active   demo-water-trust  600        2026-11-23 10:11  never",
      "key_00000000000000000002  Partner        tr_sk_…WxYz  secret       partner  revoked  -                 600        2026-11-23 10:11  never",
    ]);
    expect(formatApiKeyTable([])).toBe("No API keys.");
  });

  it("keeps a hostile name on its one line, without terminal escapes", () => {
    const table = formatApiKeyTable([{ ...record, name: "evil\nrow\u001b[31m" }]);
    expect(table.split("\n")).toHaveLength(2);
    expect(table).toContain("evil?row?[31m");
    expect(formatApiKey({ ...record, name: "a\rb" })).toContain("name:       a?b");
  });

  it("shows one key a field a line, never more than its masked form", () => {
    const text = formatApiKey(record);
    expect(text).toContain("key:        tr_pk_…AbCd");
    expect(text).toContain("origins:    http://localhost:3000, https://*.example.org");
    expect(text).toContain("expires:    never");
  });
});
