// `webhooks list|create|rotate-secret|deliveries|redeliver`: the lib/webhooks functions behind /api/v1/webhook-endpoints.
import { listPage } from "@/lib/schemas/list-page";
import { EVENT_TYPES } from "@/lib/events/event-types";
import type { EndpointRecord } from "@/lib/webhooks/endpoint-schemas";
import type { CliIo } from "./cli-io";
import { collect, commanderGroup, groupCommand, integerFlag } from "./commander-group";
import { formatTable } from "./format-table";
import { printJson } from "./print-json";
import { printable } from "./printable";
import { withDatabase } from "./with-database";

function printSecret(io: CliIo, headline: string, record: EndpointRecord, secret: string): void {
  io.out(`${headline}\n\n    ${secret}\n\nStore this signing secret now: it is not shown again.`);
  io.out(`  id:      ${record.id}\n  url:     ${printable(record.url)}\n  events:  ${record.event_types.join(", ") || "all"}`);
}

export const runWebhooksCommand = commanderGroup((io) => {
  const group = groupCommand("webhooks", "Webhook endpoints: list, create, rotate-secret, deliveries, redeliver", io);

  group
    .command("list")
    .description("every endpoint, never its secret")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { json?: boolean }) => {
      const { listWebhookEndpoints } = await import("@/lib/webhooks/list-webhook-endpoints");
      const data = await withDatabase(() => listWebhookEndpoints());
      if (flags.json) return printJson(io, listPage(data, null, data.length));
      io.out(
        formatTable(
          ["ID", "URL", "EVENTS", "ENABLED"],
          data.map((e) => [e.id, printable(e.url), e.event_types.join(",") || "all", e.enabled ? "yes" : `no: ${printable(e.disabled_reason ?? "by an operator")}`]),
        ),
      );
    });

  group
    .command("create")
    .description("register an endpoint and print its signing secret once")
    .requiredOption("--url <url>", "where to POST the webhooks (http or https)")
    .option("--event-type <type>", `repeatable; one of ${EVENT_TYPES.join(", ")} (default: all)`, collect)
    .option("--description <text>", "what it is for")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: { url: string; eventType?: string[]; description?: string; json?: boolean }) => {
      const { createWebhookEndpoint } = await import("@/lib/webhooks/create-webhook-endpoint");
      const { record, secret } = await withDatabase(() =>
        createWebhookEndpoint({ url: flags.url, event_types: flags.eventType, description: flags.description }),
      );
      if (flags.json) return printJson(io, { data: record, secret });
      printSecret(io, `Created webhook endpoint ${record.id}.`, record, secret);
    });

  group
    .command("rotate-secret")
    .description("a new signing secret; the old one keeps signing beside it for the overlap")
    .argument("<id>", "the endpoint (whep_…)")
    .option("--overlap-hours <n>", "how long the old secret keeps signing (default 24)", integerFlag("--overlap-hours", 0, 168))
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { overlapHours?: number; json?: boolean }) => {
      const { rotateWebhookSecret } = await import("@/lib/webhooks/rotate-webhook-secret");
      const { record, secret } = await withDatabase(() => rotateWebhookSecret(id, { overlap_hours: flags.overlapHours }));
      if (flags.json) return printJson(io, { data: record, secret });
      printSecret(io, `Rotated the secret of ${record.id}; the old one signs too until ${record.previous_secret_expires_at ?? "now"}.`, record, secret);
    });

  group
    .command("deliveries")
    .description("an endpoint's delivery log, newest first")
    .argument("<id>", "the endpoint (whep_…)")
    .option("--status <status>", "pending, delivered or failed")
    .option("--limit <n>", "how many (default 20)", integerFlag("--limit", 1, 100))
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { status?: string; limit?: number; json?: boolean }) => {
      const [{ listDeliveries }, { listDeliveriesQuerySchema }, { getWebhookEndpointOrThrow }] = await Promise.all([
        import("@/lib/webhooks/list-deliveries"),
        import("@/lib/webhooks/event-schemas"),
        import("@/lib/webhooks/get-webhook-endpoint"),
      ]);
      const { parseQuery } = await import("@/lib/http/parse-query");
      const query = parseQuery(new URLSearchParams({ ...(flags.status ? { status: flags.status } : {}), ...(flags.limit ? { limit: String(flags.limit) } : {}) }), listDeliveriesQuerySchema);
      const page = await withDatabase(async () => listDeliveries({ endpointId: (await getWebhookEndpointOrThrow(id)).id }, query));
      if (flags.json) return printJson(io, page);
      io.out(
        formatTable(
          ["EVENT", "TYPE", "STATUS", "ATTEMPTS", "LAST"],
          page.data.map((d) => [d.event_id, d.event_type, d.status, String(d.attempts), d.last_error ?? (d.last_status_code ? `HTTP ${d.last_status_code}` : "")]),
        ),
      );
    });

  group
    .command("redeliver")
    .description("send one event, or every event since a time, again")
    .argument("<id>", "the endpoint (whep_…)")
    .option("--event <evt_id>", "the event to send again")
    .option("--since <time>", "every event since this RFC 3339 time")
    .option("--json", "print one JSON object on stdout")
    .action(async (id: string, flags: { event?: string; since?: string; json?: boolean }) => {
      const { redeliver } = await import("@/lib/webhooks/redeliver");
      const result = await withDatabase(() => redeliver(id, { event_id: flags.event, since: flags.since }));
      if (flags.json) return printJson(io, result);
      io.out(`Queued ${result.queued} deliveries to ${id}. A running server or worker sends them.`);
    });
  return group;
});
