// /docs/graphql — the GraphQL explorer (GraphiQL), served by the app and working offline
import type { Metadata } from "next";
import { GraphQLExplorer } from "@/components/graphql-explorer";

export const metadata: Metadata = {
  title: "GraphQL explorer",
  description: "Explore and query the registry's GraphQL API in the browser.",
};

export default function GraphQLExplorerPage() {
  return <GraphQLExplorer />;
}
