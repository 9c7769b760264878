// POST /api/v1/donations/cancel — the donor cancels a monthly gift with its cancel link's token (the page's form, or JSON)
import { cancelMonthlyGift } from "@/lib/donations/cancel-monthly-gift";
import { readCancelRequest } from "@/lib/donations/read-cancel-request";
import { ApiError } from "@/lib/errors/api-error";
import { route } from "@/lib/route/route";
import { noStoreJson } from "@/lib/http/no-store-json";

export const dynamic = "force-dynamic";

export const POST = route({ access: "client_secret", emits: true }, async (request) => {
  const { token, form } = await readCancelRequest(request);
  if (!form) {
    const { gift, changed } = await cancelMonthlyGift(token);
    return noStoreJson({ data: gift, changed });
  }
  // The form's answer is the page again (post, redirect, get), which shows the outcome, or why not.
  const failed = await cancelMonthlyGift(token).then(
    () => false,
    (error: unknown) => {
      if (error instanceof ApiError) return true;
      throw error;
    },
  );
  const page = `/donations/cancel?token=${encodeURIComponent(token)}${failed ? "&failed=1" : ""}`;
  return new Response(null, { status: 303, headers: { Location: page, "Cache-Control": "no-store" } });
});
