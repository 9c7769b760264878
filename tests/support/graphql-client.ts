// Speaks GraphQL over HTTP to the running app, as a client would.
export type GraphQLBody<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> & { code?: string } }[];
  extensions?: { tier?: string; redacted?: string[] };
};

export type GraphQLAnswer<T> = { status: number; contentType: string | null; body: GraphQLBody<T> };

export async function postGraphQL<T = Record<string, unknown>>(
  url: string,
  query: string,
  options: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<GraphQLAnswer<T>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: response.status, contentType: response.headers.get("content-type"), body: (await response.json()) as GraphQLBody<T> };
}
