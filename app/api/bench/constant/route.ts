// GET /api/bench/constant — npm run bench's framework floor, through the whole of proxy.ts; 404 unless BENCH_ROUTES=1
import { benchConstantRoute } from "@/lib/bench/bench-constant-route";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, benchConstantRoute);
