// GET /api/registry/ngos/{slug} — one registry entry, as the caller's tier may see it
import { z } from "zod";
import { route } from "@/lib/route/route";
import { ApiError } from "@/lib/errors/api-error";
import { registryCachePolicy } from "@/lib/http/cache-policy";
import { jsonResponse } from "@/lib/http/json-response";
import { parseQuery } from "@/lib/http/parse-query";
import { identifyRequest } from "@/lib/http/identify-request";
import { getNgoOrThrow } from "@/lib/registry/get-ngo";
import { slugSchema } from "@/lib/registry/schemas";
import { redactedFields } from "@/lib/tiers";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, async (request, { params }: { params: Promise<{ slug: string }> }) => {
  const { slug } = await params;
  parseQuery(new URL(request.url).searchParams, z.object({}));
  const parsed = slugSchema.safeParse(slug);
  // A string that cannot be a slug names no entry: the same 404 as any missing entry.
  if (!parsed.success) throw new ApiError("not_found", "No registry entry has that slug.");
  const { tier } = await identifyRequest(request);
  const data = await getNgoOrThrow(parsed.data, tier);
  return jsonResponse(request, { data, meta: { tier, redacted: redactedFields(tier) } }, registryCachePolicy(tier));
});
