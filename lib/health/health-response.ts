import type { Health } from "./types";

/** The probe's answer: health+json, 503 when failing so load balancers act on the status alone. */
export function healthResponse(health: Health): Response {
  return new Response(JSON.stringify(health), {
    status: health.status === "fail" ? 503 : 200,
    headers: { "Content-Type": "application/health+json", "Cache-Control": "no-store" },
  });
}
