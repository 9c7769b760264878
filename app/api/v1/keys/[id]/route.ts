// GET, DELETE /api/v1/keys/{id} — one API key, and revoking it (takes effect within seconds)
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { getApiKey } from "@/lib/keys/get-api-key";
import { parseKeyId } from "@/lib/keys/parse-key-id";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export const GET = route({ access: keyed("admin") }, async (request, { params }: Context) => {
  return noStoreJson({ data: await getApiKey(parseKeyId((await params).id)) });
});

export const DELETE = route({ access: keyed("admin"), emits: true }, async (request, { params }: Context) => {
  return noStoreJson({ data: await revokeApiKey(parseKeyId((await params).id)) });
});
