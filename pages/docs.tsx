// /docs — getting started with the API: endpoints with runnable examples, keys and tiers, rate
// limits, errors, webhooks, the embed; the OpenAPI reference and the GraphQL IDE beside it.
// Plain HTML on the Pages Router like the explorer's pages, without Next's client runtime, and
// rendered per request: the examples name the origin the visitor reached (decision:
// docs/decisions/0002-docs-on-the-pages-router.md).
import type { GetServerSideProps } from "next";
import { CodeSample } from "@/components/explorer/code-sample";
import { PageHead } from "@/components/explorer/page-head";
import { SiteFrame } from "@/components/explorer/site-frame";
import { requestOrigin } from "@/lib/explorer/request-origin";

export const config = { unstable_runtimeJS: false };

type Props = { origin: string };

export const getServerSideProps: GetServerSideProps<Props> = async ({ req }) => ({ props: { origin: requestOrigin(req.headers) } });

const VERIFY = `import { Webhook } from "standardwebhooks";

// The endpoint's secret (whsec_…), shown once when the endpoint was created.
const webhook = new Webhook(process.env.TRUST_REGISTRY_WEBHOOK_SECRET);

export async function POST(request) {
  const body = await request.text(); // the raw body, before any JSON parsing
  try {
    const event = webhook.verify(body, {
      "webhook-id": request.headers.get("webhook-id"),
      "webhook-timestamp": request.headers.get("webhook-timestamp"),
      "webhook-signature": request.headers.get("webhook-signature"),
    });
    // event.type, e.g. "ngo.state_changed"; keep event ids: deliveries are at least once.
    return new Response(null, { status: 204 });
  } catch {
    return new Response("bad signature", { status: 400 });
  }
}`;

export default function DocsPage({ origin }: Props) {
  const examples = {
    list: `curl "${origin}/api/registry/ngos?q=water&sector=health&min_trust_score=70&limit=5"`,
    one: `curl ${origin}/api/registry/ngos/{slug}`,
    stats: `curl "${origin}/api/registry/ngos?view=stats&country=KE"`,
    graphql: `curl ${origin}/api/registry/graphql -H 'Content-Type: application/json' \\
  -d '{"query":"{ ngos(sector: \\"health\\", limit: 5) { name slug state trust_score } }"}'`,
    key: `curl ${origin}/api/registry/ngos/{slug} -H 'Authorization: Bearer tr_sk_…your secret key'`,
    transition: `curl ${origin}/api/v1/ngos/{slug}/transitions -H 'Authorization: Bearer tr_sk_…operator key' \\
  -H 'Content-Type: application/json' -d '{"to":"suspended","reason":"Accounts overdue"}'`,
    embed: `<script src="${origin}/embed.js" data-ngo="{slug}" data-key="tr_pk_…your publishable key" async></script>`,
  };
  return (
    <SiteFrame>
      <PageHead
        title="API docs"
        description="Getting started with the Trust Registry API: REST and GraphQL, keys and tiers, rate limits, errors, webhooks and the donation embed."
      />
      <h1>API docs</h1>
      <p className="lead">
        The registry over REST and GraphQL: one source of truth, JSON in snake_case, times in RFC 3339 UTC. Reading needs no key.
      </p>
      <nav aria-label="On this page">
        <ul className="docs-nav">
          <li><a href="#endpoints">Endpoints and examples</a></li>
          <li><a href="#keys">Keys and tiers</a></li>
          <li><a href="#rate-limits">Rate limits</a></li>
          <li><a href="#errors">Errors</a></li>
          <li><a href="#webhooks">Webhooks</a></li>
          <li><a href="#embed">The donation embed</a></li>
          <li><a href="/docs/api">OpenAPI reference</a></li>
          <li><a href="/docs/graphql">GraphQL IDE</a></li>
        </ul>
      </nav>

      <h2 id="endpoints">Endpoints and examples</h2>
      <h3>Search and list entries</h3>
      <p>
        <code>GET /api/registry/ngos</code> with <code>q</code>, <code>sector</code>, <code>country</code>, <code>state</code>,{" "}
        <code>min_trust_score</code>, <code>sort</code>, <code>limit</code> (1–100) and <code>cursor</code> (the{" "}
        <code>page.next_cursor</code> of the previous page). Lists and filters take several values separated by commas.
      </p>
      <CodeSample code={examples.list} label="list example" />
      <h3>One entry</h3>
      <CodeSample code={examples.one} label="entry example" />
      <h3>Statistics</h3>
      <CodeSample code={examples.stats} label="statistics example" />
      <h3>GraphQL</h3>
      <p>
        <code>POST /api/registry/graphql</code>, with full introspection. Try it in the <a href="/docs/graphql">GraphQL IDE</a>.
      </p>
      <CodeSample code={examples.graphql} label="GraphQL example" />
      <p>
        Every endpoint, parameter and answer is in the <a href="/docs/api">OpenAPI reference</a>, generated from the same schemas
        that validate requests (<a href="/api/openapi.json">/api/openapi.json</a>).
      </p>

      <h2 id="keys">Keys and tiers</h2>
      <p>Send a key as <code>Authorization: Bearer …</code>. What you see depends on the key&apos;s tier:</p>
      <table>
        <thead>
          <tr><th scope="col">Tier</th><th scope="col">Who</th><th scope="col">Sees</th></tr>
        </thead>
        <tbody>
          <tr><td>public</td><td>no key</td><td>name, slug, state, sector, country, city, website, description, trust score, verified date; verified, suspended and revoked entries</td></tr>
          <tr><td>partner</td><td>journalists, portals, dashboards</td><td>also legal name, registration number, founding year, the score&apos;s components with their provenance, state history</td></tr>
          <tr><td>operator</td><td>the registry&apos;s staff</td><td>everything, every state, and the write API</td></tr>
        </tbody>
      </table>
      <p>
        Answers say what was left out: <code>meta.tier</code> and <code>meta.redacted</code> in REST, <code>extensions.redacted</code>{" "}
        in GraphQL. Secret keys start <code>tr_sk_</code> and are for servers: from a web page (a request with an <code>Origin</code>) they
        work only on the origins of their own allowlist. Publishable keys for the embed start <code>tr_pk_</code> and only work from the
        origins on their allowlist.
      </p>
      <CodeSample code={examples.key} label="keyed example" />
      <p>Operators change an entry&apos;s state through the write API; every change records who, why and when:</p>
      <CodeSample code={examples.transition} label="transition example" />

      <h2 id="rate-limits">Rate limits</h2>
      <p>
        Without a key: 60 requests a minute per client (sliding window). With a key: the key&apos;s own limit. Every answer carries{" "}
        <code>RateLimit-Policy</code> and <code>RateLimit</code> (IETF draft syntax) and <code>X-RateLimit-Limit</code>,{" "}
        <code>X-RateLimit-Remaining</code>, <code>X-RateLimit-Reset</code> (seconds from now). Past the limit the answer is{" "}
        <code>429</code> with <code>Retry-After</code> in seconds.
      </p>

      <h2 id="errors">Errors</h2>
      <p>
        Errors are <code>application/problem+json</code> (RFC 9457) with a stable <code>type</code> per kind, a <code>title</code>, a{" "}
        <code>detail</code> in words and, for bad input, <code>errors</code> naming each parameter. <code>400</code> bad input (unknown
        parameters too), <code>401</code> missing or unknown key, <code>403</code> key not allowed here, <code>404</code> no such public
        entry, <code>409</code> an illegal state change, <code>429</code> rate limited.
      </p>

      <h2 id="webhooks">Webhooks</h2>
      <p>
        Operators register endpoints at <code>/api/v1/webhook-endpoints</code>. Events such as <code>ngo.created</code>,{" "}
        <code>ngo.updated</code>, <code>ngo.state_changed</code>, <code>ngo.trust_score_changed</code> and the{" "}
        <code>donation_intent.*</code> events are delivered at least once, retried with backoff for about a day, and signed per the
        Standard Webhooks specification (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).
        Verify with that specification&apos;s library before you trust a delivery:
      </p>
      <CodeSample code={VERIFY} label="verification example" />

      <h2 id="embed">The donation embed</h2>
      <p>
        An NGO that takes donations through the registry can put the hosted widget on its own site with one tag and a publishable key
        whose allowlist names the site&apos;s origin:
      </p>
      <CodeSample code={examples.embed} label="embed snippet" />
      <p>
        The widget runs on the registry&apos;s origin in an iframe and talks to your page only with <code>postMessage</code>, to your exact
        origin, with messages <code>{"{ type, … }"}</code>: <code>resize</code> (its <code>height</code>, which <code>/embed.js</code> applies
        to the frame), <code>donation.started</code>, <code>donation.succeeded</code> (<code>intent_id</code>,{" "}
        <code>amount</code> in minor units and <code>currency</code>) and <code>donation.failed</code> (a <code>reason</code>).{" "}
        <code>/embed.js</code> dispatches the last three on the iframe as DOM <code>CustomEvent</code>s that bubble, with the message as{" "}
        <code>detail</code>, so <code>document.addEventListener(&quot;donation.succeeded&quot;, (e) =&gt; …)</code> hears them.
        Payments run in sandbox mode unless a live provider is configured: the card <code>4242 4242 4242 4242</code> succeeds.
      </p>
    </SiteFrame>
  );
}
