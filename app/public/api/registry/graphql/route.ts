// POST, GET /public/api/registry/graphql — the seed's second form of the GraphQL address (same server)
import { handleGraphQLRequest } from "@/lib/graphql/handle-graphql-request";
import { route } from "@/lib/route/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "read" }, handleGraphQLRequest);
export const POST = route({ access: "read" }, handleGraphQLRequest);
