// Refuses, before anything runs, operations that would cost too much by the cost model of
// query-cost.ts. The cost needs the request's variables (a limit may come from one), hence a
// plugin rather than a validation rule. Apollo hands plugins the variables as sent (execution
// coerces them later, defaults included), so operationCost coerces them itself. (Deep
// introspection is refused by graphql's own MaxIntrospectionDepthRule.)
import type { ApolloServerPlugin } from "@apollo/server";
import { Kind, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import type { GraphQLContext } from "./context";
import { operationCost, STATS_COST } from "./query-cost";
import { QueryLimitError } from "./query-limit-error";

/** Fits one page of 100 entries with every field, components and history (cost 9,801). */
export const MAX_COST = 10_000;

/**
 * Costs of operations without variables, which depend on the document alone: Apollo keeps one
 * parsed document per query text, so a query asked again is costed once.
 */
const fixedCosts = new WeakMap<OperationDefinitionNode, number>();

export const queryLimitsPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ schema, document, operation, request }) {
        if (!operation) return;
        const fixed = !operation.variableDefinitions?.length;
        let cost = fixed ? fixedCosts.get(operation) : undefined;
        if (cost === undefined) {
          const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
          cost = operationCost(schema, operation, fragments, request.variables);
          if (fixed) fixedCosts.set(operation, cost);
        }
        if (cost > MAX_COST) {
          throw new QueryLimitError(
            "QUERY_TOO_COSTLY",
            `Query cost ${cost} exceeds the limit of ${MAX_COST}. Each field costs 1, stats ${STATS_COST}, and a list ` +
              "multiplies what it selects by its limit: ask for fewer entries, fields or stats, or walk ngos_page.",
          );
        }
      },
    };
  },
};
