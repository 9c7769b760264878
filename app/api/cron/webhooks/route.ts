// GET /api/cron/webhooks — Vercel Cron's dispatcher: delivers what is due, guarded by CRON_SECRET
import { route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";
import { assertCronSecret } from "@/lib/webhooks/assert-cron-secret";
import { dispatchWebhooks } from "@/lib/webhooks/dispatch-webhooks";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = route({ access: "client_secret" }, async (request) => {
  assertCronSecret(request);
  // A bounded run: it claims for 45 s, then finishes the attempts it holds (each within
  // WEBHOOKS_TIMEOUT_MS) inside maxDuration; the next invocation carries on with whatever is left.
  const result = await dispatchWebhooks({ signal: AbortSignal.timeout(45_000) });
  return noStoreJson(result);
});
