// The state timeline's aggregate (ngo_state_months) for the sample entries a COPY load writes,
// counted as the generator makes them: the database's replay of the same history
// (ngo_state_months_replay) held the load's swap for 6.5 s at two million entries, on one of the
// machine's two cores. The rule is the replay's: an entry public now adds 1 in the month each of
// its stays in a public state began and takes 1 away in the month that stay ended (its next
// change, by time then id), months in UTC. The load's test compares the two.
import type { StateMonth } from "@/lib/registry/recount-registry-aggregates";
import { PUBLIC_STATES, type NgoState } from "@/lib/tiers";
import type { SampleNgo } from "./generate-sample-registry";
import { historyInOrder } from "./sample-history";

const PUBLIC: ReadonlySet<NgoState> = new Set(PUBLIC_STATES);

export class StateMonthCounts {
  /** Net counts by state, then by month as years * 12 + month (0-11). */
  private readonly counts = new Map<NgoState, Map<number, number>>();

  /** The contributions of a sample entry. */
  addNgo(ngo: Pick<SampleNgo, "state" | "transitions">): void {
    if (!PUBLIC.has(ngo.state)) return;
    const history = historyInOrder(ngo.transitions);
    for (let i = 0; i < history.length; i++) {
      const { to_state: state, created_at: began } = history[i]!;
      if (!PUBLIC.has(state)) continue;
      this.add(state, monthOf(began), 1);
      const ended = history[i + 1]?.created_at;
      if (ended) this.add(state, monthOf(ended), -1);
    }
  }

  /** The aggregate's rows, without the months whose changes cancel out. */
  rows(): StateMonth[] {
    const rows: StateMonth[] = [];
    for (const [state, months] of this.counts) {
      for (const [month, count] of months) {
        if (count !== 0) rows.push({ month: `${String(Math.floor(month / 12)).padStart(4, "0")}-${String((month % 12) + 1).padStart(2, "0")}-01`, state, count });
      }
    }
    return rows;
  }

  private add(state: NgoState, month: number, count: number): void {
    let months = this.counts.get(state);
    if (!months) this.counts.set(state, (months = new Map()));
    months.set(month, (months.get(month) ?? 0) + count);
  }
}

const monthOf = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
