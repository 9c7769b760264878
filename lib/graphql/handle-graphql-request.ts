// The handler behind both GraphQL addresses (/api/registry/graphql and
// /public/api/registry/graphql): one Apollo Server per process, whichever route loads first.
import { startServerAndCreateNextHandler } from "@as-integrations/next";
import { withApiHeaders } from "@/lib/http/api-headers";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { createContext, type GraphQLContext } from "./context";
import { createRegistryServer } from "./create-registry-server";
import { GraphQLHttpError } from "./graphql-http-error";
import { readGraphQLPost } from "./read-graphql-post";

type Handler = (request: Request) => Promise<Response>;

// One per process: both routes share the server (and its parsed-document cache).
function apolloHandler(): Handler {
  return processWide("graphql-handler", () =>
    startServerAndCreateNextHandler<Request, GraphQLContext>(createRegistryServer(), {
      context: (request) => createContext(request),
    }),
  );
}

export async function handleGraphQLRequest(request: Request): Promise<Response> {
  try {
    const checked = request.method === "POST" ? await readGraphQLPost(request) : request;
    return withApiHeaders(await apolloHandler()(checked));
  } catch (error) {
    if (error instanceof GraphQLHttpError) return withApiHeaders(error.toResponse());
    log("error", "unhandled graphql request error", { error: error instanceof Error ? error.name : typeof error });
    return withApiHeaders(new GraphQLHttpError(500, "INTERNAL_SERVER_ERROR", "Something went wrong on our side. Please try again later.").toResponse());
  }
}
