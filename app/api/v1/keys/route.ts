// GET, POST /api/v1/keys — list API keys, and create one (its plaintext is in this answer only)
import { z } from "zod";
import { keyed, route } from "@/lib/route/route";
import { listPage } from "@/lib/schemas/list-page";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { readJsonBody } from "@/lib/http/read-json-body";
import { createApiKey } from "@/lib/keys/create-api-key";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { API_KEY_STATUSES, type CreateApiKeyInput } from "@/lib/keys/schemas";

export const dynamic = "force-dynamic";

const listQuerySchema = z.object({
  status: z.enum(API_KEY_STATUSES, { error: `must be one of ${API_KEY_STATUSES.join(", ")}` }).optional(),
});

export const GET = route({ access: keyed("admin") }, async (request) => {
  const { status } = parseQuery(new URL(request.url).searchParams, listQuerySchema);
  const keys = (await listApiKeys()).filter((key) => !status || key.status === status);
  return noStoreJson(listPage(keys, null, keys.length));
});

export const POST = route({ access: keyed("admin"), emits: true }, async (request) => {
  parseQuery(new URL(request.url).searchParams, z.object({}));
  // createApiKey validates the body with its zod schema and names every field at fault.
  const { plaintext, record } = await createApiKey((await readJsonBody(request)) as CreateApiKeyInput);
  return noStoreJson({ data: record, key: plaintext }, 201, { Location: `/api/v1/keys/${record.id}` });
});
