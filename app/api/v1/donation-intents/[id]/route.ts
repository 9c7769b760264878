// GET /api/v1/donation-intents/{id} — one donation intent with its donor, for operators
import { z } from "zod";
import { getIntentForOperator } from "@/lib/donations/get-intent-for-operator";
import { apiRoute } from "@/lib/http/api-route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { requireKey } from "@/lib/http/require-key";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  await requireKey(request);
  parseQuery(new URL(request.url).searchParams, z.object({}));
  return noStoreJson({ data: await getIntentForOperator((await params).id) });
});
