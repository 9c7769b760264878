import { GraphQLError, type ValidationRule } from "graphql";

/**
 * Refuses operations whose root type the schema lacks (the registry is read-only: no mutations,
 * no subscriptions). graphql 16 leaves this to execution, which fails with an error that has no
 * code; graphql 17 makes it this validation rule.
 */
export const knownOperationTypeRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (!context.getSchema().getRootType(node.operation)) {
      context.reportError(new GraphQLError(`This API has no ${node.operation} operations: the registry is read-only.`, { nodes: node }));
    }
  },
});
