// GET /api/bench/passthrough — npm run bench's constant route behind a proxy.ts that lets it straight through; 404 unless BENCH_ROUTES=1
import { benchConstantRoute } from "@/lib/bench/bench-constant-route";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, benchConstantRoute);
