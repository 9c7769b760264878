// GET /api/v1/embed/donation/intent/{id}?client_secret=… — follow an intent (the client secret is the capability); a running monthly gift's cancel link
import { z } from "zod";
import { getDonationIntent } from "@/lib/donations/get-donation-intent";
import { route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { requestOrigin } from "@/lib/explorer/request-origin";

export const dynamic = "force-dynamic";

export const GET = route({ access: "client_secret", emits: true }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const { client_secret } = parseQuery(new URL(request.url).searchParams, z.object({ client_secret: z.string().min(1).max(200) }));
  const intent = await getDonationIntent((await params).id, client_secret, requestOrigin(request.headers));
  return noStoreJson(intent);
});
