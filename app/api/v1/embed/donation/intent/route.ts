// POST /api/v1/embed/donation/intent — create a donation intent (publishable key from an allowed Origin, or the widget's embed session)
import { createDonationIntent, parseIdempotencyKey } from "@/lib/donations/create-donation-intent";
import { intentCallerOf } from "@/lib/donations/caller";
import { keyed, route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { readJsonBody } from "@/lib/http/read-json-body";

export const dynamic = "force-dynamic";

export const POST = route({ access: keyed("embed:write"), emits: true }, async (request, { identity }) => {
  const caller = intentCallerOf(identity);
  const idempotencyKey = parseIdempotencyKey(request.headers.get("idempotency-key"));
  const created = await createDonationIntent(caller, idempotencyKey, await readJsonBody(request));
  return noStoreJson(created.body, created.status, created.replayed ? { "Idempotent-Replayed": "true" } : {});
});
