// Demo keys for the embedded default (docs/cli.md#keys): a partner key, an operator key and an
// embed key for the demo NGO, written to <DATA_DIR>/demo-keys.json so that a fresh `npm run dev`
// can be tried with keys at once. Called by instrumentation.ts when a Next server (dev or start)
// opens the embedded database; never with a configured database, never by the CLI or tests
// in-process.
import fs from "node:fs";
import path from "node:path";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import { createApiKey } from "./create-api-key";
import { getApiKey } from "./get-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

export const DEMO_KEYS_FILE = "demo-keys.json";
export const DEMO_EMBED_ORIGINS = ["http://localhost:3000", "http://127.0.0.1:3000"];

// Demo keys are known by these names: an earlier file's keys are found by them to be revoked.
const DEMO_NAMES = {
  partner: "Demo partner key (demo-keys.json)",
  operator: "Demo operator key (demo-keys.json)",
  embed: "Demo embed key (demo-keys.json)",
} as const;

export type DemoKeysFile = {
  partner: { id: string; key: string };
  operator: { id: string; key: string };
  embed: { id: string; key: string; ngo: string; origins: string[] };
};

/**
 * Leaves a demo-keys.json alone while the keys it names are stored (revoked or not: that is the
 * operator's call). Otherwise (first start, the file deleted, or the database deleted without
 * it) makes three new demo keys, writes them (mode 0600), and then revokes any other active
 * demo key: keys whose only copy was deleted should not stay valid. The keys never reach the log.
 */
export async function ensureDemoKeys(dataDir: string): Promise<void> {
  const file = path.join(dataDir, DEMO_KEYS_FILE);
  if (await fileKeysAreStored(file)) {
    log("info", "demo API keys", { file });
    return;
  }
  // The embed key first: it needs the demo NGO, and if that is missing nothing is made.
  const embed = await createApiKey({
    name: DEMO_NAMES.embed,
    kind: "publishable",
    ngo: SAMPLE_FIXTURES.donationDemo,
    origins: DEMO_EMBED_ORIGINS,
  });
  const partner = await createApiKey({ name: DEMO_NAMES.partner, kind: "secret", tier: "partner" });
  const operator = await createApiKey({ name: DEMO_NAMES.operator, kind: "secret", tier: "operator" });
  const contents: DemoKeysFile = {
    partner: { id: partner.record.id, key: partner.plaintext },
    operator: { id: operator.record.id, key: operator.plaintext },
    embed: { id: embed.record.id, key: embed.plaintext, ngo: SAMPLE_FIXTURES.donationDemo, origins: embed.record.origins },
  };
  writePrivateFile(file, `${JSON.stringify(contents, null, 2)}\n`);

  // Only after the new file is safely written: a failure before leaves the old keys working.
  const fresh = new Set([embed, partner, operator].map((k) => k.record.id));
  const demoNames = new Set<string>(Object.values(DEMO_NAMES));
  const stale = (await listApiKeys()).filter((k) => demoNames.has(k.name) && k.status === "active" && !fresh.has(k.id));
  for (const key of stale) await revokeApiKey(key.id);
  log("info", "demo API keys written", { file, revoked_earlier_demo_keys: stale.length });
}

async function fileKeysAreStored(file: string): Promise<boolean> {
  let ids: unknown[];
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Record<keyof DemoKeysFile, { id?: unknown }>>;
    ids = [parsed.partner?.id, parsed.operator?.id, parsed.embed?.id];
  } catch {
    return false;
  }
  if (!ids.every((id) => typeof id === "string")) return false;
  try {
    for (const id of ids as string[]) await getApiKey(id);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return false;
    throw error;
  }
}

/** Written whole or not at all (rename), readable by the owner only. */
function writePrivateFile(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}
