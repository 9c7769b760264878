import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLContext } from "./context";
import { redactedFields } from "./redacted-fields";

/**
 * Adds the caller's tier and the fields it was refused to every executed response:
 * `extensions: { tier, redacted }`, as REST's meta.tier and meta.redacted.
 */
export const redactionPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ schema, document, operation, contextValue, response }) {
        if (!document || !operation || response.body.kind !== "single") return;
        const result = response.body.singleResult;
        // Refused before execution (a limit, bad variables): nothing was read, nothing redacted.
        if (result.data === undefined) return;
        const redacted = redactedFields(schema, document, operation, contextValue.tier);
        result.extensions = { ...result.extensions, tier: contextValue.tier, redacted };
      },
    };
  },
};
