// The one Apollo Server of the app, configured deliberately: every option below that has a
// default is set anyway, so the protections are visible in one place.
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { log } from "@/lib/log";
import { armor } from "./armor";
import { compiledExecution } from "./compiled-execution";
import type { GraphQLContext } from "./context";
import { formatError } from "./format-error";
import { knownOperationTypeRule } from "./known-operation-type-rule";
import { noStorePlugin } from "./no-store-plugin";
import { queryLimitsPlugin } from "./query-limits-plugin";
import { redactionPlugin } from "./redaction-plugin";
import { registrySchema } from "./schema";

/** Documents with more tokens are refused while parsing; the full introspection query has 184. */
export const MAX_TOKENS = 1_000;

export function createRegistryServer(): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    // The registry schema, executed by graphql-jit (compiled-execution.ts).
    gateway: compiledExecution(registrySchema),
    // The seed asks for full introspection, in every environment.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    hideSchemaDetailsFromClientErrors: true,
    allowBatchedHttpRequests: false,
    // Refuses GET queries and simple POSTs a browser would send cross-site without a preflight.
    csrfPrevention: true,
    parseOptions: { maxTokens: MAX_TOKENS },
    maxRecursiveSelections: true,
    validationRules: [knownOperationTypeRule, ...armor.validationRules],
    // Apollo's landing page loads from a CDN; the explorer is served by the app at /docs/graphql.
    // The cache-control plugin hooks every resolved field to reach no-store, which noStorePlugin
    // sets at once: the schema declares no cache hints.
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), noStorePlugin, queryLimitsPlugin, redactionPlugin],
    formatError,
    logger: {
      debug: () => {},
      info: (message) => log("info", "graphql server", { detail: String(message) }),
      warn: (message) => log("warn", "graphql server", { detail: String(message) }),
      // Error messages may quote a failing dependency: the line says that it happened, not what.
      error: () => log("error", "graphql server error"),
    },
  });
}
