import { GraphQLError } from "graphql";

/** The codes a query over one of the protection limits is refused with. */
export type QueryLimitCode =
  | "QUERY_TOO_DEEP"
  | "QUERY_TOO_COSTLY"
  | "TOO_MANY_ALIASES"
  | "TOO_MANY_DIRECTIVES";

/**
 * A query refused for its size or shape, before anything runs. Always a 400: the client can fix
 * it. Apollo reports validation errors under GRAPHQL_VALIDATION_FAILED; formatError puts this
 * more precise code back.
 */
export class QueryLimitError extends GraphQLError {
  constructor(
    readonly code: QueryLimitCode,
    message: string,
  ) {
    super(message, { extensions: { code, http: { status: 400 } } });
    this.name = "QueryLimitError";
  }
}
