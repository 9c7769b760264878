// What a client sees of an error. Every error carries extensions.code; input errors name the
// argument at fault; anything unexpected becomes a bare INTERNAL_SERVER_ERROR, because its message
// can hold SQL or connection details.
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { ApiError } from "@/lib/errors/api-error";
import { fromDatabaseError } from "@/lib/errors/from-database-error";
import { log } from "@/lib/log";
import { persistedQueryRefusal } from "./persisted-query-refusal";
import { QueryLimitError } from "./query-limit-error";
import { REST_PARAMETER_ARGUMENTS } from "./to-list-query";

const UNEXPECTED = "Something went wrong on our side. Please try again later.";

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof ApiError) return { ...formatted, ...fromApiError(original) };
  const known = fromDatabaseError(original);
  if (known) return { ...formatted, ...fromApiError(known) };
  // Limits found during validation arrive wrapped in Apollo's ValidationError.
  const limit = original instanceof GraphQLError && original.originalError instanceof QueryLimitError ? original.originalError : original;
  if (limit instanceof QueryLimitError) return { ...formatted, extensions: { ...formatted.extensions, code: limit.code } };
  const refusal = persistedQueryRefusal(original);
  if (refusal) return { message: refusal.message, extensions: { code: refusal.code } };
  if (formatted.extensions?.code === "INTERNAL_SERVER_ERROR") {
    const kind = original instanceof Error ? original.name : typeof original;
    log("error", "unhandled graphql error", { error: kind });
    return { message: UNEXPECTED, locations: formatted.locations, path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
  }
  return formatted;
}

/** The registry's typed errors in GraphQL terms, with REST parameter names turned into arguments. */
function fromApiError(error: ApiError): Pick<GraphQLFormattedError, "message" | "extensions"> {
  if (error.code === "invalid_request" && error.extras.errors) {
    const args = error.extras.errors.map(({ name, reason }) => ({ name: REST_PARAMETER_ARGUMENTS[name] ?? name, reason }));
    return {
      message: args.map(({ name, reason }) => `Argument "${name}": ${reason}.`).join(" "),
      extensions: { code: "BAD_USER_INPUT", arguments: args },
    };
  }
  return { message: error.detail, extensions: { code: error.code.toUpperCase() } };
}
