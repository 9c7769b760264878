// The bulk export (GET /api/registry/export) over HTTP: what each tier gets in NDJSON and CSV,
// checkpoints that resume exactly where they were taken, the snapshot an export reads, hostile
// cursors, anonymous callers, and rows metered against the key's quota. Batches of 100 here
// (EXPORT_BATCH_SIZE) so that the 500-entry sample registry makes several.
import { Ajv2020 } from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_STATES } from "@/lib/tiers";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";

const BATCH = 100;
const SITE = "https://export.ngo.test";
type Line = Record<string, unknown>;
type Read = { status: number; type: string | null; text: string; broken: boolean };

let app: StartedApp;
let keys: CreatedKeys<"partner" | "operator" | "embed" | "metered" | "meteredCsv" | "meteredLines">;

beforeAll(async () => {
  ({ app, keys } = await startAppWithKeys(
    {
      partner: { name: "Newsroom", kind: "secret", tier: "partner" },
      operator: { name: "Registry desk", kind: "secret", tier: "operator" },
      embed: { name: "Widget", kind: "publishable", ngo: "demo-water-trust", origins: [SITE] },
      metered: { name: "Small quota", kind: "secret", tier: "partner", rate_limit_per_minute: 3 },
      meteredCsv: { name: "Small quota, CSV", kind: "secret", tier: "partner", rate_limit_per_minute: 3 },
      meteredLines: { name: "Small quota, lines", kind: "secret", tier: "partner", rate_limit_per_minute: 3 },
    },
    { env: { EXPORT_BATCH_SIZE: String(BATCH) } },
  ));
});

afterAll(async () => {
  await app?.stop();
});

/** Reads a whole answer, noting whether the server broke the transfer off instead of ending it. */
async function read(path: string, key?: keyof typeof keys, headers: Record<string, string> = {}): Promise<Read> {
  const response = await fetch(`${app.url}${path}`, { headers: { ...headers, ...(key ? { Authorization: `Bearer ${keys[key].key}` } : {}) } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let broken = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    broken = true;
  }
  return { status: response.status, type: response.headers.get("content-type"), text, broken };
}

const lines = (text: string) => text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Line);
const entriesOf = (all: Line[]) => all.filter((line) => !("export" in line));
const controls = (all: Line[]) => all.filter((line) => "export" in line);

async function ndjson(path: string, key: keyof typeof keys) {
  const answer = await read(path, key);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return { ...answer, all: lines(answer.text) };
}

/** Every entry the list API shows the key, page by page: what the export must hold. */
async function listAll(key: keyof typeof keys, query = ""): Promise<Line[]> {
  const entries: Line[] = [];
  let cursor: string | null = null;
  do {
    const response = await fetch(`${app.url}/api/registry/ngos?limit=100&sort=name${query}${cursor ? `&cursor=${cursor}` : ""}`, {
      headers: { Authorization: `Bearer ${keys[key].key}` },
    });
    const page = (await response.json()) as { data: Line[]; page: { next_cursor: string | null } };
    entries.push(...page.data);
    cursor = page.page.next_cursor;
  } while (cursor);
  return entries;
}

/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

// A description that JSON must escape in every way it can: quotes, a backslash, a tab, line
// breaks, control characters (with hex letters in their escapes), and characters it keeps as
// they are (DEL, accents, an emoji, U+2028). PostgreSQL writes the export's JSON, Node the list's.
const DESCRIPTION = '@once, "quoted" \\ and\ton two lines\nwith \u0007\b\f\r\u001b\u007f, café, 🌍, \u2028 and an end';

const bySlug = (a: Line, b: Line) => String(a.slug).localeCompare(String(b.slug));

describe("GET /api/registry/export", () => {
  it("answers a caller without a key with a 401 problem, and an embed key (the only public-tier keys) with a 403", async () => {
    const answer = await read("/api/registry/export");
    expect(answer.status).toBe(401);
    expect(answer.type).toBe("application/problem+json");
    expect(JSON.parse(answer.text)).toMatchObject({ status: 401, detail: expect.stringContaining("API key") });
    const embed = await read("/api/registry/export", "embed", { Origin: SITE });
    expect(embed.status).toBe(403);
    expect(JSON.parse(embed.text).detail).toContain("registry:read");
  });

  it.each(["partner", "operator"] as const)("gives the %s tier exactly what its list shows, with checkpoints and a completion line", async (key) => {
    const { all, text, type, broken } = await ndjson("/api/registry/export", key);
    expect(type).toBe("application/x-ndjson");
    expect(broken).toBe(false);
    const entries = entriesOf(all);
    const listed = await listAll(key);
    expect([...entries].sort(bySlug)).toEqual([...listed].sort(bySlug));
    // Each line is the list API's JSON for that entry, byte for byte (field order, escapes).
    const entryLines = text.split("\n").filter((line) => line && !line.startsWith('{"export":'));
    expect(entryLines.sort()).toEqual(listed.map((entry) => JSON.stringify(entry)).sort());
    expect(new Set(entries.map((e) => e.slug)).size).toBe(entries.length);
    const hidden = entries.filter((e) => !(PUBLIC_STATES as readonly unknown[]).includes(e.state));
    expect(hidden.length > 0).toBe(key === "operator");
    expect(all.at(-1)).toEqual({ export: "complete", count: entries.length });
    const checkpoints = controls(all).filter((line) => line.export === "checkpoint");
    expect(checkpoints.map((c) => c.count)).toEqual(Array.from({ length: Math.floor(entries.length / BATCH) }, (_, i) => (i + 1) * BATCH));
    expect(Object.keys(entries[0]!).sort()).toEqual(Object.keys(listed[0]!).sort());
    // In id order, which operators see: ids sort by creation, the sample's as the registry's own.
    if (key === "operator") {
      const ids = entries.map((e) => e.id as string);
      expect(ids).toEqual([...ids].sort());
    }
  });

  it("writes CSV with a header row of the tier's fields, the same entries in the same order, and resume cursors", async () => {
    const json = entriesOf((await ndjson("/api/registry/export?sector=health", "partner")).all);
    const answer = await read("/api/registry/export?sector=health&format=csv", "partner");
    expect(answer.status).toBe(200);
    expect(answer.type).toBe("text/csv; charset=utf-8");
    expect(answer.broken).toBe(false);
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual([...Object.keys(json[0]!), "resume_cursor"]);
    expect(rows).toHaveLength(json.length);
    rows.forEach((row, index) => {
      const entry = json[index]!;
      expect(row[header!.indexOf("slug")]).toBe(entry.slug);
      expect(row[header!.indexOf("sector")]).toBe("health");
      expect(JSON.parse(row[header!.indexOf("trust")]!)).toEqual(entry.trust);
      expect(row.at(-1) !== "").toBe((index + 1) % BATCH === 0);
    });
  });

  it("resumes from a checkpoint with exactly the entries that followed it", async () => {
    const full = await ndjson("/api/registry/export", "operator");
    const entries = entriesOf(full.all);
    const second = controls(full.all).filter((line) => line.export === "checkpoint")[1]!;
    const rest = await ndjson(`/api/registry/export?cursor=${second.cursor}`, "operator");
    expect(entriesOf(rest.all)).toEqual(entries.slice(2 * BATCH));
    expect(rest.all.at(-1)).toEqual({ export: "complete", count: entries.length });
    const csv = parseCsv((await read(`/api/registry/export?format=csv&cursor=${second.cursor}`, "operator")).text);
    expect(csv.slice(1).map((row) => row[csv[0]!.indexOf("slug")])).toEqual(entries.slice(2 * BATCH).map((e) => e.slug));
  });

  it("reads one snapshot: an entry created after the export began is not in it, even when resumed", async () => {
    const first = await ndjson("/api/registry/export", "operator");
    const checkpoint = controls(first.all).find((line) => line.export === "checkpoint")!;
    const created = await fetch(`${app.url}/api/v1/ngos`, {
      method: "POST",
      headers: { Authorization: `Bearer ${keys.operator.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "=Snapshot Late Arrival", sector: "health", country: "KE", description: DESCRIPTION }),
    });
    expect(created.status).toBe(201);
    const { slug } = ((await created.json()) as { data: { slug: string } }).data;
    const resumed = entriesOf((await ndjson(`/api/registry/export?cursor=${checkpoint.cursor}`, "operator")).all);
    expect(resumed.map((e) => e.slug)).not.toContain(slug);
    const fresh = await read("/api/registry/export?format=csv", "operator");
    const [header, ...rows] = parseCsv(fresh.text);
    const row = rows.find((r) => r[header!.indexOf("slug")] === slug)!;
    expect(row[header!.indexOf("name")]).toBe("'=Snapshot Late Arrival");
    expect(row[header!.indexOf("description")]).toBe(`'${DESCRIPTION}`);
    // The export's line for it is the list API's JSON byte for byte, whatever its text must
    // escape (quotes, backslashes, control characters) or keep as itself (text outside ASCII).
    const line = (await read("/api/registry/export", "operator")).text.split("\n").find((l) => l.includes(`"slug":"${slug}"`));
    const listed = (await (await fetch(`${app.url}/api/registry/ngos?limit=1&sort=-trust_score&q=Snapshot%20Late%20Arrival`, {
      headers: { Authorization: `Bearer ${keys.operator.key}` },
    })).json()) as { data: Line[] };
    expect(line).toBe(JSON.stringify(listed.data[0]));
  });

  it("answers a hostile or foreign cursor with a 400 naming cursor", async () => {
    const operatorExport = await ndjson("/api/registry/export", "operator");
    const operatorCursor = String(controls(operatorExport.all)[0]!.cursor);
    const listCursor = ((await (await fetch(`${app.url}/api/registry/ngos?limit=1`)).json()) as { page: { next_cursor: string } }).page.next_cursor;
    const tampered = `${operatorCursor.slice(0, 20)}${operatorCursor[20] === "A" ? "B" : "A"}${operatorCursor.slice(21)}`;
    for (const [cursor, key, extra] of [
      ["not-a-cursor", "partner", ""],
      [tampered, "operator", ""],
      [listCursor, "operator", ""],
      [operatorCursor, "partner", ""],
      [operatorCursor, "operator", "&sector=health"],
    ] as const) {
      const answer = await read(`/api/registry/export?cursor=${encodeURIComponent(cursor)}${extra}`, key);
      expect(answer.status, cursor).toBe(400);
      expect(JSON.parse(answer.text).errors).toEqual([expect.objectContaining({ name: "cursor" })]);
    }
  });

  it("refuses states the tier may not see and unknown parameters, naming them", async () => {
    const hidden = await read("/api/registry/export?state=draft", "partner");
    expect(hidden.status).toBe(400);
    expect(JSON.parse(hidden.text).errors[0].name).toBe("state");
    const search = await read("/api/registry/export?q=water", "partner");
    expect(search.status).toBe(400);
    expect(JSON.parse(search.text).errors[0].name).toBe("q");
  });

  it("writes only lines the OpenAPI document describes, and documents its parameters", async () => {
    type Document = { paths: Record<string, { get: { parameters: { name: string }[]; responses: Record<string, { content?: Record<string, { schema: object }> }> } }>; components: object };
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as Document;
    const operation = document.paths["/api/registry/export"]!.get;
    expect(operation.parameters.map((p) => p.name).sort()).toEqual(["country", "cursor", "format", "min_trust_score", "sector", "state"]);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile({ components: document.components, ...operation.responses["200"]!.content!["application/x-ndjson"]!.schema });
    const { all } = await ndjson("/api/registry/export", "operator");
    const metered = lines((await read("/api/registry/export", "meteredLines")).text);
    for (const line of [...all, ...metered]) expect({ line, valid: validate(line), errors: validate.errors ?? null }).toMatchObject({ valid: true });
    expect(metered.at(-1)!.export).toBe("interrupted");
  });

  it("counts every batch after the first as a request, and stops at a checkpoint when the quota is spent", async () => {
    // 3 a minute: the request and two more batches; the fourth batch finds the quota spent.
    const answer = await read("/api/registry/export", "metered");
    expect(answer.status).toBe(200);
    const all = lines(answer.text);
    expect(entriesOf(all)).toHaveLength(3 * BATCH);
    expect(all.at(-1)).toMatchObject({
      export: "interrupted",
      count: 3 * BATCH,
      retry_after: expect.any(Number),
      problem: { status: 429 },
      cursor: controls(all).filter((line) => line.export === "checkpoint").at(-1)!.cursor,
    });
    expect(all.some((line) => line.export === "complete")).toBe(false);
    const refused = await read(`/api/registry/export?cursor=${String(all.at(-1)!.cursor)}`, "metered");
    expect(refused.status).toBe(429);
    // CSV has no line to say it in: its transfer is broken off after the rows the quota paid for.
    const csv = await read("/api/registry/export?format=csv", "meteredCsv");
    expect(csv.status).toBe(200);
    expect(csv.broken).toBe(true);
    expect(parseCsv(csv.text).length).toBe(1 + 3 * BATCH);
  });
});
