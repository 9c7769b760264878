// POST, GET /public/api/registry/graphql — the seed's second form of the GraphQL address (same server)
import { handleGraphQLRequest } from "@/lib/graphql/handle-graphql-request";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handleGraphQLRequest(request);
}

export function POST(request: Request): Promise<Response> {
  return handleGraphQLRequest(request);
}
