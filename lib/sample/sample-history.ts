// A plausible lifecycle for one sample NGO: the legal path
// (docs/concepts.md#ngo-states-and-their-transitions) from creation to its current state, with who
// did what, why and when. Times run forward and end before the reference date.
import type { Random } from "./sample-random";
import type { NgoState } from "@/lib/tiers";
import { sampleActorAndReason } from "./sample-vocabulary";

export type SampleTransition = {
  id: string;
  from_state: NgoState | null;
  to_state: NgoState;
  actor: string;
  reason: string;
  created_at: Date;
};

export type SampleHistory = {
  transitions: SampleTransition[];
  created_at: Date;
  /** The latest move into verified; null if the entry has never been verified. */
  verified_at: Date | null;
};

const DAY_MS = 86_400_000;
/** The sample registry's first entries date from its (fictional) launch. */
const REGISTRY_LAUNCH_MS = Date.UTC(2019, 0, 7);

// How many days each step (from, to) plausibly takes. By state rather than by a "from>to" key:
// such a key, made afresh for every step, took five times as long to look up.
const STEP_DAYS: Readonly<Partial<Record<NgoState, Partial<Record<NgoState, readonly [number, number]>>>>> = {
  draft: { pending_review: [1, 40] },
  pending_review: { draft: [2, 20], verified: [3, 60] },
  verified: { suspended: [90, 900], revoked: [120, 1200], archived: [180, 1500] },
  suspended: { verified: [7, 120], revoked: [30, 180], archived: [30, 365] },
  revoked: { pending_review: [90, 600], archived: [30, 400] },
};

export function sampleHistory(random: Random, state: NgoState, referenceMs: number): SampleHistory {
  const path = pathTo(random, state);
  const gaps = path.slice(1).map((to, i) => {
    const [min, max] = STEP_DAYS[path[i]!]![to]!;
    return random.int(min, max) * DAY_MS + random.int(0, 86_399) * 1000;
  });
  const latestEnd = referenceMs - DAY_MS;
  const room = latestEnd - REGISTRY_LAUNCH_MS;
  // Long histories are squeezed to fit the registry's life; entries still in intake started recently.
  const scale = Math.min(1, room / gaps.reduce((a, b) => a + b, 0));
  const scaled = gaps.map((gap) => Math.floor((gap * scale) / 1000) * 1000);
  const span = scaled.reduce((a, b) => a + b, 0);
  const hidden = state === "draft" || state === "pending_review";
  const slack = hidden ? Math.min(room - span, 120 * DAY_MS) : room - span;

  let at = latestEnd - span - random.int(0, Math.floor(slack / 1000)) * 1000;
  let verifiedAt: Date | null = null;
  const transitions = path.map((to, i): SampleTransition => {
    if (i > 0) at += scaled[i - 1]!;
    const from = i === 0 ? null : path[i - 1]!;
    const created_at = new Date(at);
    if (to === "verified") verifiedAt = created_at;
    const again = path.indexOf(to) < i;
    const id = random.id("nst");
    // A plain literal: with the actor and reason spread into it, every transition had a second
    // block for its fields, one more object for the garbage collector to copy.
    const { actor, reason } = sampleActorAndReason(random, from, to, again);
    return { id, from_state: from, to_state: to, actor, reason, created_at };
  });
  return { transitions, created_at: transitions[0]!.created_at, verified_at: verifiedAt };
}

function pathTo(random: Random, state: NgoState): NgoState[] {
  const intake: NgoState[] = random.chance(0.15)
    ? ["draft", "pending_review", "draft", "pending_review"]
    : ["draft", "pending_review"];
  switch (state) {
    case "draft":
      return random.chance(0.25) ? ["draft", "pending_review", "draft"] : ["draft"];
    case "pending_review":
      return intake;
    case "verified":
      if (random.chance(0.1)) return [...intake, "verified", "suspended", "verified"];
      if (random.chance(0.04)) return [...intake, "verified", "revoked", "pending_review", "verified"];
      return [...intake, "verified"];
    case "suspended":
      return [...intake, "verified", "suspended"];
    case "revoked":
      return [...intake, "verified", ...(random.chance(0.5) ? (["suspended"] as const) : []), "revoked"];
    case "archived":
      return [...intake, "verified", ...random.pick<NgoState[]>([[], [], ["suspended"], ["revoked"]]), "archived"];
  }
}

/**
 * A history in the order every reader of it takes (the details' JSON, the state timeline's
 * replay): by time, then id. The generator's times run forward, so this is the list itself.
 */
export function historyInOrder(transitions: readonly SampleTransition[]): readonly SampleTransition[] {
  return inOrder(transitions, byTimeThenId);
}

const byTimeThenId = (a: SampleTransition, b: SampleTransition) => a.created_at.getTime() - b.created_at.getTime() || compareText(a.id, b.id);

/** Text in code-unit order. The sample has no ties for it to break (distinct weights, distinct
 * times); the load's test compares the rows with the database's rendering and order. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The items sorted by `compare`, without the copy and the sort when they are in order already
 * (as the generator makes them): a stable sort leaves such a list as it is.
 */
export function inOrder<T>(items: readonly T[], compare: (a: T, b: T) => number): readonly T[] {
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1]!, items[i]!) > 0) return [...items].sort(compare);
  }
  return items;
}
