// `events list`: the event outbox, as GET /api/v1/events lists it; `events prune`: its retention, now.
import { commanderGroup, groupCommand, integerFlag } from "./commander-group";
import { formatTable } from "./format-table";
import { printJson } from "./print-json";
import { withDatabase } from "./with-database";

export const runEventsCommand = commanderGroup((io) => {
  const group = groupCommand("events", "The event outbox: list, prune", io);
  group
    .command("list")
    .description("events in commit-safe order (oldest first); poll again with the printed cursor for what came since")
    .option("--type <types>", "only these types, separated by commas")
    .option("--since <time>", "only events at or after this RFC 3339 time")
    .option("--until <time>", "only events before this RFC 3339 time")
    .option("--limit <n>", "how many (default 20)", integerFlag("--limit", 1, 100))
    .option("--cursor <cursor>", "next_cursor of the previous page")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { type?: string; since?: string; until?: string; limit?: number; cursor?: string; json?: boolean }) => {
      const [{ parseQuery }, { listEventsQuerySchema }, { listEvents }] = await Promise.all([
        import("@/lib/http/parse-query"),
        import("@/lib/webhooks/event-schemas"),
        import("@/lib/webhooks/list-events"),
      ]);
      const params = new URLSearchParams();
      for (const name of ["type", "since", "until", "cursor"] as const) if (flags[name] !== undefined) params.set(name, flags[name]);
      if (flags.limit !== undefined) params.set("limit", String(flags.limit));
      const page = await withDatabase(() => listEvents(parseQuery(params, listEventsQuerySchema)));
      if (flags.json) return printJson(io, page);
      io.out(formatTable(["ID", "TYPE", "CREATED"], page.data.map((e) => [e.id, e.type, e.created_at])));
      // The events list always says where to continue: a short page means caught up for now.
      if (page.page.next_cursor) io.out(`${page.data.length < page.page.limit ? "caught up; later" : "more"}: --cursor ${page.page.next_cursor}`);
    });
  group
    .command("prune")
    .description("delete the events older than EVENTS_RETENTION_DAYS (default 30) with their deliveries, as every dispatcher does every 10 minutes")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { json?: boolean }) => {
      const { pruneEvents } = await import("@/lib/webhooks/prune-events");
      // Batch after batch until none comes back full: each is its own short transaction.
      const { deleted, cutoff } = await withDatabase(() => pruneEvents({ maxBatches: Number.POSITIVE_INFINITY }));
      if (flags.json) return printJson(io, { deleted, cutoff });
      io.out(`Pruned ${deleted} event${deleted === 1 ? "" : "s"} created before ${cutoff}, with their deliveries.`);
    });
  return group;
});
