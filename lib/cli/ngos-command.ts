// `ngos create|update|transition|import`: the same lib/lifecycle functions the write API calls.
import { Presets, SingleBar } from "cli-progress";
import { ApiError } from "@/lib/errors/api-error";
import { NGO_STATES } from "@/lib/tiers";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import type { CliIo } from "./cli-io";
import { cliActor } from "./cli-actor";
import { commanderGroup, groupCommand, integerFlag } from "./commander-group";
import { printJson } from "./print-json";
import { printable } from "./printable";
import { withDatabase } from "./with-database";

type ProfileFlags = Partial<Record<"name" | "sector" | "country" | "slug" | "legalName" | "registrationNumber" | "city" | "website" | "description" | "trustComponents", string>> & {
  foundedYear?: number;
  donationsEnabled?: boolean;
  json?: boolean;
};

const PROFILE_FLAGS: [flag: string, field: string, help: string][] = [
  ["--name <name>", "name", "the name the organisation is known by"],
  ["--sector <sector>", "sector", "one of the published sectors (health, education, …)"],
  ["--country <code>", "country", "ISO 3166-1 alpha-2 country code"],
  ["--legal-name <name>", "legal_name", "the registered legal name (default: the name)"],
  ["--registration-number <number>", "registration_number", "the number in its national register"],
  ["--city <city>", "city", "the city of its seat"],
  ["--website <url>", "website", "its website (http or https)"],
  ["--description <text>", "description", "what it does"],
];

function body(flags: ProfileFlags): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const pairs: [keyof ProfileFlags, string][] = [
    ["name", "name"], ["sector", "sector"], ["country", "country"], ["slug", "slug"], ["legalName", "legal_name"],
    ["registrationNumber", "registration_number"], ["city", "city"], ["website", "website"], ["description", "description"],
    ["foundedYear", "founded_year"], ["donationsEnabled", "donations_enabled"],
  ];
  for (const [flag, field] of pairs) if (flags[flag] !== undefined) fields[field] = flags[flag];
  if (flags.trustComponents !== undefined) {
    try {
      fields.trust_components = JSON.parse(flags.trustComponents);
    } catch {
      throw ApiError.invalid([{ name: "--trust-components", reason: "must be a JSON array of components" }]);
    }
  }
  return fields;
}

function printEntry(io: CliIo, headline: string, ngo: ProjectedNgo, etag: string): void {
  io.out(headline);
  io.out(`  slug:        ${ngo.slug}\n  state:       ${ngo.state}\n  trust score: ${ngo.trust_score}\n  etag:        ${etag}`);
}

export const runNgosCommand = commanderGroup((io) => {
  const group = groupCommand("ngos", "Registry entries: create, update, transition, import", io);

  const create = group.command("create").description("create a registry entry, as a draft");
  for (const [flag, , help] of PROFILE_FLAGS) create.option(flag, help);
  create
    .option("--slug <slug>", "the entry's address (default: derived from the name)")
    .option("--founded-year <year>", "the year it was founded", integerFlag("--founded-year", 1800, 9999))
    .option("--donations-enabled", "accept donation intents once verified")
    .option("--json", "print one JSON object on stdout")
    .action(async (flags: ProfileFlags) => {
      const { createNgo } = await import("@/lib/lifecycle/create-ngo");
      const { ngo, etag } = await withDatabase(() => createNgo(body(flags), cliActor()));
      if (flags.json) return printJson(io, { data: ngo, etag });
      printEntry(io, `Created ${printable(ngo.slug)} as a draft.`, ngo, etag);
    });

  const update = group.command("update").description("change an entry's profile and score inputs").argument("<slug>");
  for (const [flag, , help] of PROFILE_FLAGS) update.option(flag, help);
  update
    .option("--founded-year <year>", "the year it was founded", integerFlag("--founded-year", 1800, 9999))
    .option("--donations-enabled", "accept donation intents once verified")
    .option("--trust-components <json>", "the score inputs, all of them, as a JSON array")
    .option("--if-match <etag>", "only if the entry is still at this version")
    .option("--json", "print one JSON object on stdout")
    .action(async (slug: string, flags: ProfileFlags & { ifMatch?: string }) => {
      const { updateNgo } = await import("@/lib/lifecycle/update-ngo");
      const { ngo, etag } = await withDatabase(() => updateNgo(slug, body(flags), { ifMatch: flags.ifMatch }));
      if (flags.json) return printJson(io, { data: ngo, etag });
      printEntry(io, `Updated ${printable(ngo.slug)}.`, ngo, etag);
    });

  group
    .command("transition")
    .description("move an entry to another lifecycle state")
    .argument("<slug>")
    .requiredOption("--to <state>", `the new state: ${NGO_STATES.join(", ")}`)
    .option("--reason <text>", "why (required to suspend, revoke or archive)")
    .option("--json", "print one JSON object on stdout")
    .action(async (slug: string, flags: { to: string; reason?: string; json?: boolean }) => {
      const { transitionNgo } = await import("@/lib/lifecycle/transition-ngo");
      const { ngo, etag } = await withDatabase(() => transitionNgo(slug, { to: flags.to, reason: flags.reason }, cliActor()));
      if (flags.json) return printJson(io, { data: ngo, etag });
      printEntry(io, `Moved ${printable(ngo.slug)} to ${ngo.state}.`, ngo, etag);
    });

  group
    .command("import")
    .description("create or update entries from a CSV (with a header line) or JSONL file; safe to re-run")
    .argument("<file>", "file.csv or file.jsonl: the fields of POST /api/v1/ngos, one entry per row")
    .option("--batch-size <n>", "rows per transaction (default 20000 on PostgreSQL, 1000 embedded)", integerFlag("--batch-size", 1, 50_000))
    .option("--json", "print the summary as one JSON object on stdout")
    .action(async (file: string, flags: { batchSize?: number; json?: boolean }) => {
      const [{ readImportRows }, { importNgos }] = await Promise.all([import("@/lib/lifecycle/read-import-rows"), import("@/lib/lifecycle/import-ngos")]);
      const rows = readImportRows(file);
      const progress = importProgress(rows.length, Boolean(flags.json));
      const summary = await withDatabase(() => importNgos(rows, cliActor(), { batchSize: flags.batchSize, onProgress: progress.update }));
      progress.stop();
      if (flags.json) printJson(io, summary);
      else {
        for (const e of summary.errors) io.out(`row ${e.row}: ${e.name}: ${printable(e.reason)}`);
        io.out(`${summary.rows} rows: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} not imported.`);
      }
      if (summary.failed) throw new ApiError("invalid_request", `${summary.failed} of ${summary.rows} rows were not imported: see the row numbers above.`);
    });
  return group;
});

/** A progress bar on a terminal; plain lines (one per batch) on stderr otherwise; nothing with --json. */
function importProgress(total: number, quiet: boolean): { update: (done: number) => void; stop: () => void } {
  if (quiet) return { update: () => {}, stop: () => {} };
  if (process.stderr.isTTY) {
    const bar = new SingleBar({ stream: process.stderr, format: "importing [{bar}] {value}/{total} rows  {percentage}%  eta {eta}s" }, Presets.shades_classic);
    bar.start(total, 0);
    return { update: (done) => bar.update(done), stop: () => bar.stop() };
  }
  return { update: (done) => process.stderr.write(`imported ${done} of ${total} rows\n`), stop: () => {} };
}
