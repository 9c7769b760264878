import { describe, expect, it } from "vitest";
import type { OverdueWork } from "@/lib/webhooks/find-overdue-work";
import { OVERDUE_AFTER_MS, checkDeliveries } from "./check-deliveries";

const none: OverdueWork = { deliveries: 0, oldestDeliverySeconds: null, settlements: 0, oldestSettlementSeconds: null };
const run = (work: Partial<OverdueWork>) => checkDeliveries(async () => ({ ...none, ...work }));

describe("checkDeliveries", () => {
  it("passes when nothing is overdue", async () => {
    expect(await run({})).toEqual({
      status: "pass",
      observedValue: { overdueDeliveries: 0, oldestOverdueSeconds: null, overdueSettlements: 0, oldestOverdueSettlementSeconds: null },
    });
  });

  it("asks for work overdue by more than five minutes", async () => {
    let asked = 0;
    await checkDeliveries(async (ms) => ((asked = ms), none));
    expect(asked).toBe(OVERDUE_AFTER_MS);
    expect(OVERDUE_AFTER_MS).toBe(300_000);
  });

  it("warns about overdue deliveries with their count and how late the oldest is", async () => {
    const outcome = await run({ deliveries: 12, oldestDeliverySeconds: 3 * 3_600 + 5 });
    expect(outcome).toMatchObject({
      status: "warn",
      observedValue: { overdueDeliveries: 12, oldestOverdueSeconds: 10_805, overdueSettlements: 0 },
    });
    expect(outcome.output).toMatch(/^12 webhook deliveries overdue, the oldest by 3 h: no dispatcher is running/);
    expect(outcome.output).toContain("npm run worker");
  });

  it("warns about overdue donation settlements, and says when a count stopped at its cap", async () => {
    expect((await run({ settlements: 1, oldestSettlementSeconds: 400 })).output).toMatch(/^1 donation settlement overdue, the oldest by 6 min:/);
    const both = await run({ deliveries: 10_000, oldestDeliverySeconds: 90, settlements: 2, oldestSettlementSeconds: 301 });
    expect(both.status).toBe("warn");
    expect(both.output).toMatch(/^at least 10000 webhook deliveries overdue, the oldest by 90 s; 2 donation settlements overdue, the oldest by 5 min:/);
  });
});
