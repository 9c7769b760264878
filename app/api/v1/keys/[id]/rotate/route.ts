// POST /api/v1/keys/{id}/rotate — replace a key's secret: a new key with the same settings, the old one revoked
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseKeyId } from "@/lib/keys/parse-key-id";
import { rotateApiKey } from "@/lib/keys/rotate-api-key";

export const dynamic = "force-dynamic";

export const POST = route({ access: keyed("admin"), emits: true }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { plaintext, record, previous } = await rotateApiKey(parseKeyId((await params).id));
  return noStoreJson({ data: record, key: plaintext, previous }, 201, { Location: `/api/v1/keys/${record.id}` });
});
