// A chunk of the sample registry as COPY text (lib/db/copy-line.ts), one text per table: the
// entries, their score components, their history, and the details' JSON of both.
import { copyLine } from "@/lib/db/copy-line";
import { detailsJson } from "@/lib/registry/details-json";
import type { SampleNgo } from "./generate-sample-registry";
import { COMPONENT_COLUMNS, NGO_COLUMNS, TRANSITION_COLUMNS, type Columns } from "./sample-columns";

export type SampleCopyText = { ngos: string; components: string; transitions: string; details: string };

export function sampleCopyText(chunk: readonly SampleNgo[]): SampleCopyText {
  return {
    ngos: text(chunk, NGO_COLUMNS, (n) => [n]),
    components: text(chunk, COMPONENT_COLUMNS, (n) => n.components),
    transitions: text(chunk, TRANSITION_COLUMNS, (n) => n.transitions),
    details: detailsText(chunk),
  };
}

/**
 * A chunk's rows of the details' JSON, written here rather than by the database at the load's
 * end: rendering two million entries' JSON there took the load's one backend 79 s, where the
 * generator's core has time to spare. In loadNgoDetails' order: components by weight, then name;
 * history by time, then id.
 */
function detailsText(chunk: readonly SampleNgo[]): string {
  let out = "";
  for (const ngo of chunk) {
    const components = [...ngo.components].sort((a, b) => b.weight - a.weight || compareText(a.component, b.component));
    const history = [...ngo.transitions].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || compareText(a.id, b.id));
    const json = detailsJson({
      components: components.map(({ component, score, weight, evidence_date, source }) => ({ component, score, weight, evidence_date: evidence_date.toISOString().slice(0, 10), source })),
      history: history.map((t) => ({ from: t.from_state, to: t.to_state, actor: t.actor, reason: t.reason, at: t.created_at.toISOString() })),
    });
    if (json.components || json.state_history) out += copyLine([ngo.id, json.components, json.state_history]);
  }
  return out;
}

/** Text in code-unit order. The sample has no ties for it to break (distinct weights, distinct
 * times); the load's test compares the rows with the database's rendering and order. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A chunk as COPY text for one table: each NGO's own row, or one row per component or history
 * line, which then starts with the NGO's id.
 */
function text<T extends object>(chunk: readonly SampleNgo[], columns: Columns, rowsOf: (ngo: SampleNgo) => readonly T[]): string {
  const names = Object.entries(columns);
  let out = "";
  for (const ngo of chunk) {
    for (const row of rowsOf(ngo)) {
      const values = names.map(([name, type]) => {
        const value = (row as Record<string, unknown>)[name];
        return type === "date" && value instanceof Date ? value.toISOString().slice(0, 10) : value;
      });
      out += copyLine(row === (ngo as object) ? values : [ngo.id, ...values]);
    }
  }
  return out;
}
