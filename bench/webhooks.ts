// npm run bench (second part) — the lifecycle and webhooks on a throwaway PostgreSQL database:
// import rate (rows/s of BENCH_IMPORT_ROWS, default 100,000), delivery throughput (events/s to a
// receiver on loopback, BENCH_EVENTS, default 2,000), the time from a committed change to its
// arrival at the receiver with the prompt kick (p50/p99 over BENCH_KICKS, default 200) and the time
// a burst of BENCH_BURST (100) changes takes to clear — both again with a second endpoint that
// never answers within WEBHOOKS_TIMEOUT_MS (2,000 here). The kick is the function `after()` runs
// once a committing request has answered, called here in-process.
// Targets: p50 < 200 ms from commit to delivery, with and without the slow endpoint; import ≥ 5,000
// rows/s. Missed targets are reported.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startReceiver } from "../tests/support/webhook-receiver";
import { createBenchDatabase } from "./database";
import { measureBurst, measureKicks } from "./webhook-latency";
import { runToEnd } from "./processes";

const count = (name: string, fallback: number) => Number(process.env[name] || fallback);
const adminUrl = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const database = await createBenchDatabase(adminUrl);
const receiver = await startReceiver();
const slowReceiver = await startReceiver();
try {
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    SERVER_SECRET: process.env.SERVER_SECRET || "bench-server-secret-0123456789abcdefghijklmnop",
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1",
    WEBHOOKS_POLL_MS: "0",
    WEBHOOKS_BATCH_SIZE: "100",
    WEBHOOKS_TIMEOUT_MS: process.env.WEBHOOKS_TIMEOUT_MS || "2000",
  });
  // Without NODE_ENV, as an operator's shell runs the scripts.
  delete (process.env as Record<string, string | undefined>).NODE_ENV;
  await runToEnd("migrate", process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], { ...process.env });

  const [{ importNgos }, { runWrite }, { recordEvents }, { dispatchWebhooks }, { kickDispatcher }, { createWebhookEndpoint }, db] = await Promise.all([
    import("@/lib/lifecycle/import-ngos"),
    import("@/lib/lifecycle/run-write"),
    import("@/lib/events/record-event"),
    import("@/lib/webhooks/dispatch-webhooks"),
    import("@/lib/webhooks/kick-dispatcher"),
    import("@/lib/webhooks/create-webhook-endpoint"),
    import("@/lib/db"),
  ]);
  const { updateWebhookEndpoint } = await import("@/lib/webhooks/update-webhook-endpoint");
  // As the worker and the server: every dispatch runs the donation sweep.
  (await import("@/lib/compose-process")).composeProcess();
  const { config } = await import("@/lib/config");
  const actor = { id: "bench", name: "Benchmark" };

  const importRows = count("BENCH_IMPORT_ROWS", 100_000);
  const rows = Array.from({ length: importRows }, (_, i) => ({
    row: i + 2,
    fields: { name: `Bench Org ${i}`, sector: "health", country: "KE", registration_number: `B-${i}`, city: "Nairobi" },
  }));
  let started = performance.now();
  const imported = await importNgos(rows, actor);
  const importSeconds = (performance.now() - started) / 1000;

  await createWebhookEndpoint({ url: receiver.url, event_types: ["ngo.updated"] });
  const events = count("BENCH_EVENTS", 2_000);
  const event = { type: "ngo.updated" as const, data: { ngo: { id: "ngo_bench", slug: "bench", name: "Bench", state: "draft" }, changed: ["city"] } };
  await runWrite((tx) => recordEvents(tx, Array.from({ length: events }, () => event)));
  started = performance.now();
  let delivered = 0;
  while (delivered < events) delivered += (await dispatchWebhooks()).delivered;
  const deliverySeconds = (performance.now() - started) / 1000;

  const commitAndKick = async () => {
    await runWrite((tx) => recordEvents(tx, [event]));
    void kickDispatcher();
  };
  const kicks = count("BENCH_KICKS", 200);
  const burst = count("BENCH_BURST", 100);
  const alone = await measureKicks(commitAndKick, receiver, kicks);
  const burstAlone = await measureBurst(commitAndKick, receiver, burst);

  // A second endpoint for the same events that answers only after the attempt's timeout.
  const timeoutMs = config().webhooks.timeoutMs;
  slowReceiver.answer = () => ({ status: 200, delayMs: timeoutMs + 1_000 });
  const slow = await createWebhookEndpoint({ url: slowReceiver.url, event_types: ["ngo.updated"] });
  const besideSlow = await measureKicks(commitAndKick, receiver, kicks);
  const burstBesideSlow = await measureBurst(commitAndKick, receiver, burst);
  await updateWebhookEndpoint(slow.record.id, { enabled: false });
  await kickDispatcher();
  await db.closeConnection();

  const report = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    import: { rows: importRows, created: imported.created, seconds: Math.round(importSeconds * 10) / 10, rows_per_second: Math.round(importRows / importSeconds), target: 5_000 },
    delivery: { events, seconds: Math.round(deliverySeconds * 10) / 10, events_per_second: Math.round(events / deliverySeconds) },
    commit_to_delivery_ms: { ...alone, target_p50: 200 },
    burst_clear_seconds: { events: burst, seconds: burstAlone },
    beside_a_slow_endpoint: {
      slow_endpoint: `never answers within WEBHOOKS_TIMEOUT_MS (${timeoutMs} ms)`,
      slow_attempts: slowReceiver.received.length,
      commit_to_delivery_ms: { ...besideSlow, target_p50: 200 },
      burst_clear_seconds: { events: burst, seconds: burstBesideSlow },
    },
  };
  console.log(JSON.stringify(report, null, 2));
  const missed = [
    report.import.rows_per_second < 5_000 ? `import ${report.import.rows_per_second} rows/s < 5,000` : null,
    alone.p50 >= 200 ? `commit to delivery p50 ${alone.p50} ms ≥ 200` : null,
    besideSlow.p50 >= 200 ? `commit to delivery beside a slow endpoint p50 ${besideSlow.p50} ms ≥ 200` : null,
  ].filter(Boolean);
  if (missed.length) console.log(`targets missed: ${missed.join("; ")}`);
  const dir = path.resolve("bench/results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "webhooks-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await receiver.close();
  await slowReceiver.close();
  await database.drop();
}
