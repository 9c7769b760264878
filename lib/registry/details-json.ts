import type { NgoDetails } from "./ngo-record";

/**
 * An entry's row of the details' JSON (migration 20261128200000_details_json) written in Node,
 * for a bulk load that brings the rows itself: the members of the two arrays the list API sends,
 * each object as JSON.stringify writes the one loadNgoDetails reads, given in its order
 * (components by weight, then name; history by time, then id). The view ngo_details_json_source
 * writes the same text in SQL; db verify-stats compares the two, and so do the load's tests.
 */
export function detailsJson({ components, history }: NgoDetails): { components: string; state_history: string } {
  return {
    components: components
      .map(({ component, score, weight, evidence_date, source }) => JSON.stringify({ component, score, weight, evidence_date, source }))
      .join(","),
    state_history: history.map(({ from, to, actor, reason, at }) => JSON.stringify({ from, to, actor, reason, at })).join(","),
  };
}
