// The protection limits on a query's shape, checked while Apollo validates it. Each limit is
// set for this schema: no legitimate query comes near it, and together with the cost limit they
// bound the work any one request can ask for.
import { ApolloArmor } from "@escape.tech/graphql-armor";
import { QueryLimitError, type QueryLimitCode } from "./query-limit-error";

/** The deepest real query is ngos_page → entries → trust → components → field: 5. */
export const MAX_DEPTH = 8;
export const MAX_ALIASES = 15;
export const MAX_DIRECTIVES = 10;

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;
type RejectCallbacks = Pick<NonNullable<ArmorConfig["maxDepth"]>, "propagateOnRejection" | "onReject">;

/** Armor's own error says "Syntax Error" and counts as a generic rejection: name the limit. */
function rejectWith(code: QueryLimitCode): RejectCallbacks {
  return {
    propagateOnRejection: false,
    onReject: [(context, error) => context?.reportError(new QueryLimitError(code, error.message.replace(/^Syntax Error: /, "")))],
  };
}

export const armor = new ApolloArmor({
  maxDepth: { n: MAX_DEPTH, flattenFragments: true, ignoreIntrospection: true, ...rejectWith("QUERY_TOO_DEEP") },
  maxAliases: { n: MAX_ALIASES, ...rejectWith("TOO_MANY_ALIASES") },
  maxDirectives: { n: MAX_DIRECTIVES, ...rejectWith("TOO_MANY_DIRECTIVES") },
  // Replaced, deliberately: armor's cost cannot multiply by a list's limit argument
  // (query-limits-plugin.ts can); graphql's own parser option caps tokens with a plain parse error
  // (armor's version throws from a hook); Apollo's hideSchemaDetailsFromClientErrors already
  // removes field suggestions.
  costLimit: { enabled: false },
  maxTokens: { enabled: false },
  blockFieldSuggestion: { enabled: false },
}).protect();
