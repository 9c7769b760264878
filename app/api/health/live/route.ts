// GET /api/health/live — liveness for orchestrators: answers while the process serves, touches no dependency
import { healthResponse } from "@/lib/health/health-response";
import { route } from "@/lib/route/route";
import { APP_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

export const GET = route({ access: "live" }, async () => healthResponse({ status: "pass", version: APP_VERSION }));
