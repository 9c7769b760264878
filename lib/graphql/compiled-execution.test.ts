// graphql-jit against graphql-js, on a schema of every shape the registry's has (lists, objects,
// enums, non-null fields, arguments, resolvers that fail, introspection) and on the registry's own
// schema: the same documents must give the same results and errors, errors of graphql-js's own
// class with the original error kept (formatError reads it), and variables refused in
// graphql-js's words.
import { ApolloServer, HeaderMap } from "@apollo/server";
import {
  execute,
  getIntrospectionQuery,
  GraphQLEnumType,
  GraphQLError,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { compiledExecution } from "./compiled-execution";
import { registrySchema } from "./schema";

const color = new GraphQLEnumType({ name: "Color", values: { red: {}, green: {} } });
const item = new GraphQLObjectType({
  name: "Item",
  fields: {
    name: { type: new GraphQLNonNull(GraphQLString) },
    color: { type: color },
    size: { type: GraphQLInt, resolve: async ({ name }: { name: string }) => name.length },
    broken: {
      type: GraphQLString,
      resolve: () => {
        throw ApiError.invalid([{ name: "limit", reason: "must be an integer from 1 to 100" }]);
      },
    },
    missing: { type: new GraphQLNonNull(GraphQLString), resolve: () => null },
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      items: {
        type: new GraphQLList(new GraphQLNonNull(item)),
        args: { limit: { type: GraphQLInt }, color: { type: color } },
        resolve: async (_, { limit, color }: { limit?: number; color?: string }, { scale }: { scale: number }) =>
          [
            { name: "anchor", color: "red" },
            { name: "bell", color: "green" },
            { name: "compass", color: "red" },
          ]
            .filter((entry) => color === undefined || entry.color === color)
            .slice(0, (limit ?? 3) * scale),
      },
      failing: {
        type: GraphQLString,
        resolve: async () => {
          throw new Error("connection refused at 10.0.0.7:5432");
        },
      },
    },
  }),
});

const servers: ApolloServer<{ scale: number }>[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

/** The same request through Apollo with graphql-jit and with graphql-js: status and JSON body. */
async function both(target: GraphQLSchema, body: Record<string, unknown>): Promise<[string, string]> {
  const compiled = new ApolloServer<{ scale: number }>({ gateway: compiledExecution(target) });
  const plain = new ApolloServer<{ scale: number }>({ schema: target });
  servers.push(compiled, plain);
  const answers = await Promise.all(
    [compiled, plain].map(async (server) => {
      await server.start();
      const answer = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: "POST", headers: new HeaderMap([["content-type", "application/json"]]), search: "", body },
        context: async () => ({ scale: 1 }),
      });
      if (answer.body.kind !== "complete") throw new Error("expected a complete answer");
      return `${answer.status ?? 200} ${answer.body.string}`;
    }),
  );
  return answers as [string, string];
}

describe("compiled execution", () => {
  it.each([
    ["fields, lists, enums and arguments", { query: `{ items(limit: 2) { name color size } }` }],
    ["an enum argument", { query: `{ items(color: red) { name } }` }],
    ["variables with their defaults", { query: `query($n: Int = 1, $c: Color) { items(limit: $n, color: $c) { name } }`, variables: { c: "green" } }],
    ["aliases, fragments and directives", { query: `query { a: items(limit: 1) { ...F } b: items { name @skip(if: true) size } } fragment F on Item { name }` }],
    ["a resolver's typed error, located", { query: `{\r\n  items(limit: 1) {\n    name\n    broken\n  }\n}` }],
    ["an unexpected error", { query: `{ failing }` }],
    ["null in a non-null field, up to the nearest nullable parent", { query: `{ items(limit: 1) { name missing } }` }],
    ["a variable of the wrong type", { query: `query($n: Int) { items(limit: $n) { name } }`, variables: { n: "two" } }],
    ["a required variable left out", { query: `query($n: Int!) { items(limit: $n) { name } }` }],
    ["an operation named among several", { query: `query A { items { name } } query B { failing }`, operationName: "A" }],
    ["several operations and no name", { query: `query A { items { name } } query B { failing }` }],
    ["an unknown operation name", { query: `query A { items { name } }`, operationName: "C" }],
    ["introspection", { query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) }],
  ])("answers as graphql-js does: %s", async (_, body) => {
    const [compiled, plain] = await both(schema, body);
    expect(compiled).toBe(plain);
  });

  it("introspects the registry's schema as graphql-js does", async () => {
    const [compiled, plain] = await both(registrySchema, { query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, specifiedByUrl: true }) });
    expect(compiled).toBe(plain);
  });

  it("hands formatError graphql-js's errors, with the resolver's error as the original", async () => {
    const seen: unknown[] = [];
    const server = new ApolloServer<{ scale: number }>({
      gateway: compiledExecution(schema),
      formatError: (formatted, error) => (seen.push(error), formatted),
    });
    servers.push(server);
    await server.start();
    await server.executeOperation({ query: `{ items(limit: 1) { broken } }` }, { contextValue: { scale: 1 } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(GraphQLError);
    expect((seen[0] as GraphQLError).originalError).toBeInstanceOf(ApiError);
    expect((seen[0] as GraphQLError).path).toEqual(["items", 0, "broken"]);
  });

  it("compiles a document once and runs it with each request's context", async () => {
    const server = new ApolloServer<{ scale: number }>({ gateway: compiledExecution(schema) });
    servers.push(server);
    await server.start();
    const query = `{ items(limit: 1) { name } }`;
    const sizes = [];
    for (const scale of [1, 2, 3]) {
      const response = await server.executeOperation({ query }, { contextValue: { scale } });
      if (response.body.kind !== "single") throw new Error("expected a single result");
      sizes.push((response.body.singleResult.data as { items: unknown[] }).items.length);
    }
    expect(sizes).toEqual([1, 2, 3]);
    // graphql-js agrees on what the document means.
    expect(await execute({ schema, document: parse(query), contextValue: { scale: 2 } })).toEqual({ data: { items: [{ name: "anchor" }, { name: "bell" }] } });
  });
});
