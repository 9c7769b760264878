// POST /api/v1/ngos/{slug}/transitions — move an entry to another lifecycle state
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";
import { requireKey } from "@/lib/http/require-key";
import { transitionNgo } from "@/lib/lifecycle/transition-ngo";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, { params }: { params: Promise<{ slug: string }> }) => {
  const key = await requireKey(request);
  const { ngo, etag } = await transitionNgo((await params).slug, await readJsonBody(request), key, {
    ifMatch: request.headers.get("if-match"),
  });
  kickAfterResponse();
  return noStoreJson({ data: ngo }, 200, { ETag: etag });
});
