// POST /api/v1/ngos/{slug}/transitions — move an entry to another lifecycle state
import { keyed, route } from "@/lib/route/route";
import type { KeyIdentity } from "@/lib/keys/key-identity";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { transitionNgo } from "@/lib/lifecycle/transition-ngo";

export const dynamic = "force-dynamic";

// The key is the transition's actor, recorded in the entry's history.
type Context = { params: Promise<{ slug: string }>; key: KeyIdentity };

export const POST = route({ access: keyed("registry:write"), emits: true }, async (request, { params, key }: Context) => {
  const { ngo, etag } = await transitionNgo((await params).slug, await readJsonBody(request), key, {
    ifMatch: request.headers.get("if-match"),
  });
  return noStoreJson({ data: ngo }, 200, { ETag: etag });
});
