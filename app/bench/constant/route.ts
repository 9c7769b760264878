// GET /bench/constant — npm run bench's constant route outside proxy.ts's matcher: Next with no proxy at all; 404 unless BENCH_ROUTES=1
import { benchConstantRoute } from "@/lib/bench/bench-constant-route";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, benchConstantRoute);
