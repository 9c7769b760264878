// POST /api/v1/ngos — create a registry entry, as a draft
import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { readJsonBody } from "@/lib/http/read-json-body";
import { requireKey } from "@/lib/http/require-key";
import { createNgo } from "@/lib/lifecycle/create-ngo";
import { kickAfterResponse } from "@/lib/webhooks/kick-after-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request) => {
  const key = await requireKey(request);
  parseQuery(new URL(request.url).searchParams, z.object({}));
  const { ngo, etag } = await createNgo(await readJsonBody(request), key);
  kickAfterResponse();
  return noStoreJson({ data: ngo }, 201, { Location: `/api/v1/ngos/${ngo.slug}`, ETag: etag });
});
