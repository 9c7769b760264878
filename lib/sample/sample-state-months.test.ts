import { describe, expect, it } from "vitest";
import type { NgoState } from "@/lib/tiers";
import type { SampleTransition } from "./sample-history";
import { StateMonthCounts } from "./sample-state-months";

const step = (id: string, to_state: NgoState, at: string): SampleTransition => ({
  id, from_state: null, to_state, actor: "test", reason: "test", created_at: new Date(at),
});

const sorted = (counts: StateMonthCounts) => counts.rows().sort((a, b) => a.month.localeCompare(b.month) || a.state.localeCompare(b.state));

// The rule of ngo_state_months_replay, on hand-made histories; the COPY load's test compares the
// two on whole sample registries (tests/integration/seed-sample-registry.test.ts).
describe("StateMonthCounts", () => {
  it("adds each public stay in the month it began and takes it away in the month it ended, in UTC", () => {
    const counts = new StateMonthCounts();
    counts.addNgo({
      state: "verified",
      transitions: [
        step("a", "draft", "2024-01-05T10:00:00Z"),
        step("b", "verified", "2024-01-31T23:30:00-01:00"), // 1 February in UTC
        step("c", "suspended", "2024-03-10T00:00:00Z"),
        step("d", "verified", "2024-03-20T00:00:00Z"),
      ],
    });
    // March: verified -1 +1 and suspended +1 -1 cancel out.
    expect(sorted(counts)).toEqual([{ month: "2024-02-01", state: "verified", count: 1 }]);
  });

  it("counts nothing of an entry hidden now, and orders a history by time, then id", () => {
    const counts = new StateMonthCounts();
    counts.addNgo({ state: "archived", transitions: [step("a", "verified", "2024-01-05T00:00:00Z"), step("b", "archived", "2024-06-05T00:00:00Z")] });
    expect(counts.rows()).toEqual([]);
    counts.addNgo({
      state: "revoked",
      transitions: [
        step("c", "revoked", "2024-05-01T00:00:00Z"),
        step("b", "verified", "2024-05-01T00:00:00Z"), // the same time: b comes before c
        step("a", "draft", "2023-12-01T00:00:00Z"),
      ],
    });
    expect(sorted(counts)).toEqual([{ month: "2024-05-01", state: "revoked", count: 1 }]);
  });
});
