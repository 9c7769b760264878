// GET /api/health/live — liveness for orchestrators: answers while the process serves, touches no dependency
import { healthResponse } from "@/lib/health/health-response";
import { apiRoute } from "@/lib/http/api-route";
import { APP_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async () => healthResponse({ status: "pass", version: APP_VERSION }));
