// `donations list|show`: donation intents, as GET /api/v1/donation-intents lists and reads them.
import { commanderGroup, groupCommand, integerFlag } from "./commander-group";
import { formatTable } from "./format-table";
import { printJson } from "./print-json";
import { withDatabase } from "./with-database";

export const runDonationsCommand = commanderGroup((io) => {
  const group = groupCommand("donations", "Donation intents: list, show", io);
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
  return group;
});
