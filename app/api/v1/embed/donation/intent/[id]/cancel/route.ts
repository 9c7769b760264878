// POST /api/v1/embed/donation/intent/{id}/cancel — the donor cancels an intent not yet paid
import { cancelDonationIntent } from "@/lib/donations/cancel-donation-intent";
import { route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";

export const dynamic = "force-dynamic";

export const POST = route({ access: "client_secret", emits: true }, async (request, { params }: { params: Promise<{ id: string }> }) => {
  const intent = await cancelDonationIntent((await params).id, await readJsonBody(request));
  return noStoreJson(intent);
});
