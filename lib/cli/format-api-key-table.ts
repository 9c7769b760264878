import type { ApiKeyRecord } from "@/lib/keys/schemas";
import { formatTable } from "./format-table";

/** Many keys as a terminal shows them, one a row (--json prints the records themselves). */
export function formatApiKeyTable(records: readonly ApiKeyRecord[]): string {
  if (records.length === 0) return "No API keys.";
  const minute = (time: string) => time.slice(0, 16).replace("T", " ");
  return formatTable(
    ["ID", "NAME", "KEY", "KIND", "TIER", "STATUS", "NGO", "LIMIT/MIN", "CREATED (UTC)", "LAST USED"],
    records.map((r) => [
      r.id,
      r.name,
      r.masked_key,
      r.kind,
      r.tier,
      r.status,
      r.ngo_slug ?? "-",
      String(r.rate_limit_per_minute),
      minute(r.created_at),
      r.last_used_at ? minute(r.last_used_at) : "never",
    ]),
  );
}
