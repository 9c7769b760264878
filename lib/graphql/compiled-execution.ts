// Execution of validated operations by graphql-jit: each operation is compiled once into plain
// JavaScript, which then runs without graphql-js's per-field interpretation (argument maps,
// null-prototype objects, a promise check per field). Apollo Server 5's one hook for an
// executor of one's own is its gateway interface; this "gateway" loads no remote schema: it
// serves the registry's schema and executes against it.
//
// Only execution changes. Apollo still parses, validates (armor, limits) and formats errors, and
// variables are coerced by graphql-js, so a bad variable is the same 400 naming it as before.
// graphql-jit's errors are its own class; they become graphql-js errors with the same message,
// locations, path and original error, which formatError reads.
import type { ApolloServerOptionsWithGateway, BaseContext } from "@apollo/server";
import {
  execute,
  getVariableValues,
  GraphQLError,
  printSchema,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type Source,
  type SourceLocation,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

/** graphql-js's own bound on the errors of one request's variables (execute's default). */
const MAX_VARIABLE_ERRORS = 50;

type Compiled = CompiledQuery | ExecutionResult;
// Apollo names these types in a package of their own; they are read off its options here.
type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>["gateway"];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface["load"]>>["executor"]>;

export function compiledExecution(schema: GraphQLSchema): GatewayInterface {
  // Apollo keeps one parsed document per query text: a query asked again compiles once.
  const compiled = new WeakMap<DocumentNode, Map<string, Compiled>>();
  const compile = (document: DocumentNode, operationName: string | null): Compiled => {
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    let query = byName.get(operationName ?? "");
    if (!query) byName.set(operationName ?? "", (query = compileQuery(schema, document, operationName ?? undefined)));
    return query;
  };

  const executor: GatewayExecutor = async ({ document, operation, operationName, request, context }) => {
    // No operation when none can be chosen (several and no name, an unknown name): graphql-js says
    // why, in its own words, without running anything.
    if (!(operation as OperationDefinitionNode | undefined)) return execute({ schema, document, operationName: request.operationName });
    const variables = coerceVariables(schema, operation, request.variables ?? {});
    if (variables.errors) return { errors: variables.errors };
    const query = compile(document, operationName);
    const result = isCompiledQuery(query) ? await query.query(undefined, context, request.variables ?? {}) : query;
    if (!result.errors?.length) return result;
    return { ...result, errors: result.errors.map((error) => asGraphQLError(error, document.loc?.source)) };
  };

  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}

function coerceVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, inputs: Record<string, unknown>): { errors?: readonly GraphQLError[] } {
  if (!operation.variableDefinitions?.length) return {};
  return getVariableValues(schema, operation.variableDefinitions, inputs, { maxErrors: MAX_VARIABLE_ERRORS });
}

/** The same error as graphql-js would have raised: Apollo and formatError know only its class. */
function asGraphQLError(error: GraphQLError, source: Source | undefined): GraphQLError {
  const positions = source && error.locations?.map((location) => offsetOf(source.body, location));
  return new GraphQLError(error.message, {
    source: positions?.length ? source : undefined,
    positions,
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
}

/** The offset in `body` of a 1-based line and column, line breaks counted as GraphQL counts them. */
function offsetOf(body: string, { line, column }: SourceLocation): number {
  const lineBreak = /\r\n|[\n\r]/g;
  let lineStart = 0;
  for (let at = 1; at < line; at++) {
    const found = lineBreak.exec(body);
    if (!found) break;
    lineStart = found.index + found[0].length;
  }
  return lineStart + column - 1;
}
