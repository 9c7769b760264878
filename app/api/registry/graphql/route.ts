// POST, GET /api/registry/graphql — the registry over GraphQL (the same server as /public/api/…)
import { handleGraphQLRequest } from "@/lib/graphql/handle-graphql-request";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handleGraphQLRequest(request);
}

export function POST(request: Request): Promise<Response> {
  return handleGraphQLRequest(request);
}
