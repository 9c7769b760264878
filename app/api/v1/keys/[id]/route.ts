// GET, DELETE /api/v1/keys/{id} — one API key, and revoking it (takes effect within seconds)
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { requireKey } from "@/lib/http/require-key";
import { getApiKey } from "@/lib/keys/get-api-key";
import { parseKeyId } from "@/lib/keys/parse-key-id";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export const GET = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  return noStoreJson({ data: await getApiKey(parseKeyId((await params).id)) });
});

export const DELETE = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  kickAfterResponse();
  return noStoreJson({ data: await revokeApiKey(parseKeyId((await params).id)) });
});
