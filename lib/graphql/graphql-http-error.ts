/** A request refused before it reaches Apollo (body too large, not JSON, …), with its status. */
export class GraphQLHttpError extends Error {
  override name = "GraphQLHttpError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The GraphQL-over-HTTP error shape, so clients read every refusal the same way. */
  toResponse(): Response {
    const body = { errors: [{ message: this.message, extensions: { code: this.code } }] };
    return new Response(JSON.stringify(body), {
      status: this.status,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
