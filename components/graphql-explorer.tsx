"use client";
// GraphiQL, bundled from npm with its editor workers and styles: the explorer needs nothing from
// the internet (Apollo's own landing page would load from a CDN).
import "graphiql/setup-workers/webpack";
import "graphiql/style.css";
import { GraphiQL } from "graphiql";
import type { ComponentProps } from "react";

type Fetcher = ComponentProps<typeof GraphiQL>["fetcher"];

const ENDPOINT = "/api/registry/graphql";

const SEED_QUERY = `# The registry over GraphQL. Press the run button (or Ctrl-Enter).
# The Docs panel on the left lists every type and field.
{
  ngos(sector: "health", limit: 5) {
    name
    slug
    state
    trust_score
  }
}
`;

const fetcher: Fetcher = async (params, options) => {
  const response = await fetch(ENDPOINT, {
    method: "POST",
    headers: {
      ...(options?.headers as Record<string, string> | undefined),
      "Content-Type": "application/json",
      Accept: "application/graphql-response+json, application/json",
    },
    body: JSON.stringify(params),
  });
  return response.json();
};

export function GraphQLExplorer() {
  return (
    <div style={{ height: "100vh" }}>
      <GraphiQL fetcher={fetcher} defaultQuery={SEED_QUERY} />
    </div>
  );
}
