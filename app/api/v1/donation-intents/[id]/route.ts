// GET /api/v1/donation-intents/{id} — one donation intent with its donor, for operators
import { z } from "zod";
import { getIntentForOperator } from "@/lib/donations/get-intent-for-operator";
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";

export const dynamic = "force-dynamic";

export const GET = route({ access: keyed("admin") }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  parseQuery(new URL(request.url).searchParams, z.object({}));
  return noStoreJson({ data: await getIntentForOperator((await params).id) });
});
