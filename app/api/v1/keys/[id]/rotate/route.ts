// POST /api/v1/keys/{id}/rotate — replace a key's secret: a new key with the same settings, the old one revoked
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { requireKey } from "@/lib/http/require-key";
import { parseKeyId } from "@/lib/keys/parse-key-id";
import { rotateApiKey } from "@/lib/keys/rotate-api-key";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, { params }: { params: Promise<{ id: string }> }) => {
  await requireKey(request);
  const { plaintext, record, previous } = await rotateApiKey(parseKeyId((await params).id));
  kickAfterResponse();
  return noStoreJson({ data: record, key: plaintext, previous }, 201, { Location: `/api/v1/keys/${record.id}` });
});
