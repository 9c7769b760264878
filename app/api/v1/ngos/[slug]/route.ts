// GET, PATCH /api/v1/ngos/{slug} — one entry as operators see it (any state), and changing its profile and score inputs
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { requireKey } from "@/lib/http/require-key";
import { getNgoForWrite } from "@/lib/lifecycle/get-ngo-for-write";
import { updateNgo } from "@/lib/lifecycle/update-ngo";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ slug: string }> };

export const GET = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  const { ngo, etag } = await getNgoForWrite((await params).slug);
  return noStoreJson({ data: ngo }, 200, { ETag: etag });
});

export const PATCH = apiRoute(async (request, { params }: Context) => {
  await requireKey(request);
  const { ngo, etag } = await updateNgo((await params).slug, await readJsonBody(request), { ifMatch: request.headers.get("if-match") });
  kickAfterResponse();
  return noStoreJson({ data: ngo }, 200, { ETag: etag });
});
