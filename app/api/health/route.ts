// GET /api/health — health probe (application/health+json): database, migrations, payments, sandbox, rate limits, webhook dispatch
import { getHealth } from "@/lib/health/get-health";
import { healthResponse } from "@/lib/health/health-response";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "health" }, async () => healthResponse(await getHealth()));
