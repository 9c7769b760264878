// POST /api/v1/ngos — create a registry entry, as a draft
import { z } from "zod";
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { readJsonBody } from "@/lib/http/read-json-body";
import { createNgo } from "@/lib/lifecycle/create-ngo";

export const dynamic = "force-dynamic";

export const POST = route({ access: keyed("registry:write"), emits: true }, async (request, { key }) => {
  parseQuery(new URL(request.url).searchParams, z.object({}));
  const { ngo, etag } = await createNgo(await readJsonBody(request), key);
  return noStoreJson({ data: ngo }, 201, { Location: `/api/v1/ngos/${ngo.slug}`, ETag: etag });
});
