// The handler behind both GraphQL addresses (/api/registry/graphql and
// /public/api/registry/graphql): one Apollo Server per process, whichever route loads first.
// It hands Apollo the request itself, with the body readGraphQLPost has already read and parsed:
// a framework integration would read and parse it a second time.
import { HeaderMap, type ApolloServer, type HTTPGraphQLResponse } from "@apollo/server";
import { withApiHeaders } from "@/lib/http/api-headers";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { createContext, type GraphQLContext } from "./context";
import { createRegistryServer } from "./create-registry-server";
import { GraphQLHttpError } from "./graphql-http-error";
import { readGraphQLPost } from "./read-graphql-post";

// One per process: both routes share the server (and its parsed-document cache).
function registryServer(): ApolloServer<GraphQLContext> {
  return processWide("graphql-server", () => {
    const server = createRegistryServer();
    server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
    return server;
  });
}

export async function handleGraphQLRequest(request: Request): Promise<Response> {
  try {
    const isPost = request.method === "POST";
    // A GET carries its operation in the query string; Apollo reads no body then.
    const body = isPost ? await readGraphQLPost(request) : "";
    const headers = new HeaderMap();
    request.headers.forEach((value, name) => headers.set(name, value));
    // readGraphQLPost accepted the body as JSON, whatever parameters its Content-Type had.
    if (isPost) headers.set("content-type", "application/json");
    const answer = await registryServer().executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: request.method, headers, search: new URL(request.url).search, body },
      context: () => createContext(request),
    });
    return withApiHeaders(toResponse(answer));
  } catch (error) {
    if (error instanceof GraphQLHttpError) return withApiHeaders(error.toResponse());
    log("error", "unhandled graphql request error", { error: error instanceof Error ? error.name : typeof error });
    return withApiHeaders(new GraphQLHttpError(500, "INTERNAL_SERVER_ERROR", "Something went wrong on our side. Please try again later.").toResponse());
  }
}

function toResponse({ status, headers, body }: HTTPGraphQLResponse): Response {
  // A chunked body is incremental delivery (@defer, @stream), which graphql 16 does not execute.
  if (body.kind !== "complete") throw new Error("incremental delivery is not served");
  return new Response(body.string, { status: status ?? 200, headers: [...headers] });
}
