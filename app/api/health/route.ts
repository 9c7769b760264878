// GET /api/health — health probe (application/health+json): database, migrations, payments, sandbox, rate limits, webhook dispatch
import { getHealth } from "@/lib/health/get-health";
import { healthResponse } from "@/lib/health/health-response";
import { apiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async () => healthResponse(await getHealth()));
