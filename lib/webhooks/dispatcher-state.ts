import { processWide } from "@/lib/process-wide";

/**
 * What the dispatches of one process share (prompt kick, cron route, worker): the deliveries in
 * flight, so the caps on them hold for the process and not per dispatch, the bells that wake a
 * waiting dispatch when a slot frees or new work may be due, the time the periodic jobs last ran, and
 * whether the process is stopping (stopDispatching).
 */
export type DispatcherState = {
  /** Deliveries in flight, in all. */
  total: number;
  /** Deliveries in flight by endpoint id (absent: none). */
  inFlight: Map<string, number>;
  bells: Set<() => void>;
  jobsRanAt: number;
  /** Set once the process is stopping: no dispatch claims anything more. */
  stopping: boolean;
  /** Fires when a stopping process's grace has run out: sends in flight are cut off and their
   * claims handed back. */
  cutOff: AbortController;
};

export function dispatcherState(): DispatcherState {
  return processWide<DispatcherState>("webhook-dispatcher", () => ({
    total: 0,
    inFlight: new Map(),
    bells: new Set(),
    jobsRanAt: 0,
    stopping: false,
    cutOff: new AbortController(),
  }));
}
