// GET /embed/donate/{slug}?key=tr_pk_… (or ?preview=1) — the hosted donation widget NGO sites iframe
import { resolveWidget } from "@/lib/embed/resolve-widget";
import { widgetResponse } from "@/lib/embed/widget-response";
import { config } from "@/lib/config";
import { assertRouteParams } from "@/lib/http/assert-route-params";
import { log } from "@/lib/log";
import { clientAddress } from "@/lib/rate-limit/client-address";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const url = new URL(request.url);
  // A slug with a control character names no NGO: the database is not asked.
  const named = await assertRouteParams({ params }).then(() => true, () => false);
  if (!named) return widgetResponse({ kind: "message", title: "Donations unavailable", text: "No NGO in the registry has this address.", frameAncestors: "*", status: 404 });
  try {
    const widget = await resolveWidget({
      slug: (await params).slug,
      key: url.searchParams.get("key"),
      preview: url.searchParams.get("preview") === "1",
      referer: request.headers.get("referer"),
      fetchDest: request.headers.get("sec-fetch-dest"),
      client: clientAddress(request.headers, config().trustedProxyHops),
    });
    return widgetResponse(widget);
  } catch (error) {
    // Never a blank frame or a stack trace: a message in the frame, the cause in the log.
    log("error", "donation widget failed", { error: error instanceof Error ? error.name : "unknown" });
    return widgetResponse({ kind: "message", title: "Donations unavailable", text: "The donation form cannot be shown right now. Please try again in a moment.", frameAncestors: "*" });
  }
}
