// Run by tests/support/app-with-keys.ts in a child process: creates the API keys described by
// the JSON in argv[2] on the configured database (migrating and seeding an embedded one on
// open, also for "{}": the integration run's embedded template) and prints { name: { key, id } }
// as JSON.
import { composeProcess } from "@/lib/compose-process";
import { closeConnection, getConnection } from "@/lib/db";
import { createApiKey } from "@/lib/keys/create-api-key";
import type { CreateApiKeyInput } from "@/lib/keys/schemas";

composeProcess();
const specs = JSON.parse(process.argv[2] ?? "{}") as Record<string, CreateApiKeyInput>;
const created: Record<string, { key: string; id: string }> = {};
try {
  // Opened first, so that no keys at all still migrates (and fills) an embedded database.
  await getConnection();
  for (const [name, spec] of Object.entries(specs)) {
    const { plaintext, record } = await createApiKey(spec);
    created[name] = { key: plaintext, id: record.id };
  }
  process.stdout.write(`${JSON.stringify(created)}\n`);
} finally {
  await closeConnection();
}
