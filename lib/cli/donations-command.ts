// `donations list|show`: donation intents, as GET /api/v1/donation-intents lists and reads them;
// `donations reconcile`: a live provider's state applied to intents whose webhook never came.
import { ApiError } from "@/lib/errors/api-error";
import { commanderGroup, durationFlag, groupCommand, integerFlag } from "./commander-group";
import { formatTable } from "./format-table";
import { printJson } from "./print-json";
import { withDatabase } from "./with-database";

export const runDonationsCommand = commanderGroup((io) => {
  const group = groupCommand("donations", "Donation intents: list, show, reconcile", io);
  group
    .command("list")
    .description("donation intents, newest first")
    .option("--ngo <slug>", "only this NGO's")
    .option("--status <status>", "only intents in this state (requires_payment_method, processing, succeeded, failed, canceled)")
    .option("--created-after <time>", "only intents created at or after this RFC 3339 time")
    .option("--created-before <time>", "only intents created before this RFC 3339 time")
    .option("--limit <n>", "how many (default 20)", integerFlag("--limit", 1, 100))
    .option("--cursor <cursor>", "next_cursor of the previous page")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { ngo?: string; status?: string; createdAfter?: string; createdBefore?: string; limit?: number; cursor?: string; json?: boolean }) => {
      const [{ parseQuery }, { listIntentsQuerySchema }, { listDonationIntents }, { formatMinorUnits }] = await Promise.all([
        import("@/lib/http/parse-query"),
        import("@/lib/donations/schemas"),
        import("@/lib/donations/list-donation-intents"),
        import("@/lib/donations/currencies"),
      ]);
      const params = new URLSearchParams();
      const names = { ngo: "ngo", status: "status", createdAfter: "created_after", createdBefore: "created_before", cursor: "cursor" } as const;
      for (const [flag, name] of Object.entries(names)) {
        const value = flags[flag as keyof typeof names];
        if (value !== undefined) params.set(name, value);
      }
      if (flags.limit !== undefined) params.set("limit", String(flags.limit));
      const page = await withDatabase(() => listDonationIntents(parseQuery(params, listIntentsQuerySchema)));
      if (flags.json) return printJson(io, page);
      io.out(
        formatTable(
          ["ID", "NGO", "AMOUNT", "STATUS", "MODE", "CREATED"],
          page.data.map((i) => [i.id, i.ngo.slug, `${formatMinorUnits(i.amount, i.currency)} ${i.currency}`, i.status, i.mode, i.created_at]),
        ),
      );
      if (page.page.next_cursor) io.out(`more: --cursor ${page.page.next_cursor}`);
    });
  group
    .command("show")
    .description("one donation intent, with its donor")
    .argument("<id>", "the intent's id (di_…)")
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { json?: boolean }) => {
      const { getIntentForOperator } = await import("@/lib/donations/get-intent-for-operator");
      const intent = await withDatabase(() => getIntentForOperator(id));
      if (flags.json) return printJson(io, { data: intent });
      for (const [name, value] of Object.entries(intent)) io.out(`${name.padEnd(20)} ${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`);
    });
  group
    .command("reconcile")
    .description("ask the live payment provider about intents still open long after their creation (a missed webhook) and apply its state; cancel there what expired here, and payments made for intents never written here")
    .option("--older-than <duration>", "only intents created at least this long ago, e.g. 30s, 15m, 2h (default DONATION_RECONCILE_AFTER_SECONDS, 15m)", durationFlag("--older-than", 30 * 86_400_000))
    .option("--limit <n>", "at most this many intents (default 100)", integerFlag("--limit", 1, 1000))
    .option("--dry-run", "ask the provider and report, change nothing")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { olderThan?: number; limit?: number; dryRun?: boolean; json?: boolean }) => {
      const [{ config }, { reconcileDonationIntents }] = await Promise.all([import("@/lib/config"), import("@/lib/donations/reconcile-donation-intents")]);
      const olderThanMs = flags.olderThan ?? config().donations.reconcileAfterMs;
      const report = await withDatabase(() => reconcileDonationIntents({ olderThanMs, limit: flags.limit ?? 100, dryRun: flags.dryRun }));
      if (flags.json) printJson(io, report);
      else if (report.checked === 0) io.out(`nothing to reconcile (provider ${report.provider})`);
      else {
        io.out(
          formatTable(
            ["ID", "BEFORE", "AFTER", "PROVIDER SAYS", "CANCELED THERE", "ERROR"],
            report.intents.map((i) => [i.id, i.status_before, i.status, i.provider_events.join(", ") || "-", i.canceled_at_provider ? "yes" : "-", i.error ?? "-"]),
          ),
        );
        if (report.orphans.length > 0) {
          io.out("payments the provider made for intents never written here:");
          io.out(formatTable(["INTENT ID", "FOUND THERE", "CANCELED THERE", "ERROR"], report.orphans.map((o) => [o.id, o.found_at_provider ? "yes" : "-", o.canceled_at_provider ? "yes" : "-", o.error ?? "-"])));
        }
        io.out(`${report.dry_run ? "dry run: " : ""}${report.checked} checked, ${report.changed} ${report.dry_run ? "would change" : "changed"}, ${report.errors} errors`);
      }
      // A scheduled run must notice: exit 1 (the report above still says what was done).
      if (report.errors > 0) {
        throw new ApiError("payment_provider_unavailable", `${report.errors} of ${report.checked} intents could not be checked at the provider: run again later.`);
      }
    });
  return group;
});
