// Apollo refuses two kinds of automatic persisted query (APQ) requests with a 400 but without a
// code, and every error without a code would be reported as INTERNAL_SERVER_ERROR and logged as
// unhandled. Apollo 5 defines no codes for them (only PERSISTED_QUERY_NOT_FOUND and
// PERSISTED_QUERY_NOT_SUPPORTED), so the registry names them; Apollo's messages are the only way
// to tell them apart, and create-registry-server.test.ts fails if a new Apollo changes them.
import { GraphQLError } from "graphql";

const REFUSALS = new Map<string, { code: string; message: string }>([
  [
    "provided sha does not match query",
    {
      code: "PERSISTED_QUERY_HASH_MISMATCH",
      message: "extensions.persistedQuery.sha256Hash is not the SHA-256 of the query: send the lower-case hex SHA-256 of the exact query text, or leave the query out to run a stored one.",
    },
  ],
  [
    "Unsupported persisted query version",
    {
      code: "PERSISTED_QUERY_VERSION_NOT_SUPPORTED",
      message: "extensions.persistedQuery.version must be 1, the only version of automatic persisted queries.",
    },
  ],
]);

/** The stable code and message of an APQ request Apollo refused, or null for any other error. */
export function persistedQueryRefusal(error: unknown): { code: string; message: string } | null {
  if (!(error instanceof GraphQLError) || error.extensions.code !== undefined || error.originalError) return null;
  return REFUSALS.get(error.message) ?? null;
}
