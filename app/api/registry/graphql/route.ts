// POST, GET /api/registry/graphql — the registry over GraphQL (the same server as /public/api/…)
import { handleGraphQLRequest } from "@/lib/graphql/handle-graphql-request";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, handleGraphQLRequest);
export const POST = route({ access: "read" }, handleGraphQLRequest);
