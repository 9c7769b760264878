import type { StateChange, TrustComponent } from "./ngo-record";

// The members of an entry's row of the details' JSON (migration 20261128200000_details_json),
// written in Node for a bulk load that brings the rows itself (lib/sample/sample-copy-text.ts,
// which joins them with commas): the members of the two arrays the list API sends. The view
// ngo_details_json_source writes the same text in SQL; db verify-stats compares the two, and so
// do the load's tests. Each object's text is what JSON.stringify writes, keys in this order.
// Where the strings need no escaping and the numbers are finite (all but always), the text is put
// together directly: a JSON.stringify per object took nearly twice as long, for every entry of a
// bulk load. The fields come one by one so that a writer holding them elsewhere (the sample's
// COPY text) need not build the object first.

/** A score component's object: {"component":…,"score":…,"weight":…,"evidence_date":…,"source":…}. */
export function componentJson(
  component: TrustComponent["component"],
  score: TrustComponent["score"],
  weight: TrustComponent["weight"],
  evidenceDate: TrustComponent["evidence_date"],
  source: TrustComponent["source"],
): string {
  if (Number.isFinite(score) && Number.isFinite(weight) && isPlain(component) && isPlain(evidenceDate) && isPlain(source)) {
    return `{"component":"${component}","score":${score},"weight":${weight},"evidence_date":"${evidenceDate}","source":"${source}"}`;
  }
  return JSON.stringify({ component, score, weight, evidence_date: evidenceDate, source });
}

/** A state change's object: {"from":…,"to":…,"actor":…,"reason":…,"at":…}. */
export function stateChangeJson(
  from: StateChange["from"],
  to: StateChange["to"],
  actor: StateChange["actor"],
  reason: StateChange["reason"],
  at: StateChange["at"],
): string {
  if (from !== null && isPlain(from) && isPlain(to) && isPlain(actor) && isPlain(reason) && isPlain(at)) {
    return `{"from":"${from}","to":"${to}","actor":"${actor}","reason":"${reason}","at":"${at}"}`;
  }
  if (from === null && isPlain(to) && isPlain(actor) && isPlain(reason) && isPlain(at)) {
    return `{"from":null,"to":"${to}","actor":"${actor}","reason":"${reason}","at":"${at}"}`;
  }
  return JSON.stringify({ from, to, actor, reason, at });
}

/**
 * Whether JSON.stringify writes the string as it is, between quotes. It escapes quotes,
 * backslashes, control characters and unpaired surrogates; a string with any surrogate at all is
 * left to it here, which keeps the test simple.
 */
function isPlain(text: string): boolean {
  return typeof text === "string" && !NEEDS_ESCAPE.test(text);
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
