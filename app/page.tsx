export default function HomePage() {
  return (
    <main>
      <h1>Trust Registry</h1>
      <p>
        A public registry of NGOs. The API lists, searches and summarises verified entries:{" "}
        <a href="/api/registry/ngos">/api/registry/ngos</a>, <a href="/api/health">/api/health</a>,{" "}
        <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      <p>
        The same registry over GraphQL at <code>/api/registry/graphql</code>: try it in the{" "}
        <a href="/docs/graphql">GraphQL explorer</a>.
      </p>
    </main>
  );
}
