// POST /api/v1/embed/donation/intent/{id}/confirm — pay an intent with a (sandbox test) card
import { confirmDonationIntent } from "@/lib/donations/confirm-donation-intent";
import { route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";

export const dynamic = "force-dynamic";

export const POST = route({ access: "client_secret", emits: true }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const intent = await confirmDonationIntent((await params).id, await readJsonBody(request));
  return noStoreJson(intent);
});
