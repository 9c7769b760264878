import type { ApiKeyRecord } from "@/lib/keys/schemas";
import { printable } from "./printable";

/** One key as a terminal shows it, a field a line (--json prints the record itself). */
export function formatApiKey(record: ApiKeyRecord): string {
  const fields: [string, string][] = [
    ["id", record.id],
    ["name", record.name],
    ["key", record.masked_key],
    ["kind", record.kind],
    ["tier", record.tier],
    ["status", record.status],
    ["scopes", record.scopes.join(", ")],
    ["origins", record.origins.join(", ") || "any (no allowlist)"],
    ["ngo", record.ngo_slug ?? "none"],
    ["rate limit", `${record.rate_limit_per_minute} requests/minute`],
    ["created", record.created_at],
    ["expires", record.expires_at ?? "never"],
    ["revoked", record.revoked_at ?? "no"],
    ["last used", record.last_used_at ?? "never"],
  ];
  const width = Math.max(...fields.map(([label]) => label.length));
  return fields.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${printable(value)}`).join("\n");
}
