// GET, PATCH /api/v1/ngos/{slug} — one entry as operators see it (any state), and changing its profile and score inputs
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { getNgoForWrite } from "@/lib/lifecycle/get-ngo-for-write";
import { updateNgo } from "@/lib/lifecycle/update-ngo";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ slug: string }> };

export const GET = route({ access: keyed("registry:write") }, async (request, { params }: Context) => {
  const { ngo, etag } = await getNgoForWrite((await params).slug);
  return noStoreJson({ data: ngo }, 200, { ETag: etag });
});

export const PATCH = route({ access: keyed("registry:write"), emits: true }, async (request, { params }: Context) => {
  const { ngo, etag } = await updateNgo((await params).slug, await readJsonBody(request), { ifMatch: request.headers.get("if-match") });
  return noStoreJson({ data: ngo }, 200, { ETag: etag });
});
