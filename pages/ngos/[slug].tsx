// /ngos/{slug} — one registry entry as the public sees it: rendered on every request, so an entry
// moved back to a hidden state is a 404 at once, never a stale cached page. Plain HTML, as every
// explorer page (see pages/index.tsx).
import { ScoreBadge, StateBadge } from "@/components/explorer/badges";
import { CodeSample } from "@/components/explorer/code-sample";
import { PageHead } from "@/components/explorer/page-head";
import { ScoreGauge } from "@/components/explorer/score-gauge";
import { SiteFrame } from "@/components/explorer/site-frame";
import { WidgetPreview } from "@/components/explorer/widget-preview";
import { acceptsDonations } from "@/lib/explorer/accepts-donations";
import { countryName } from "@/lib/explorer/country-name";
import { describeState } from "@/lib/explorer/describe-state";
import { findPublicNgo } from "@/lib/explorer/find-public-ngo";
import { requestOrigin } from "@/lib/explorer/request-origin";
import { sectorName } from "@/lib/explorer/sector-name";
import { withServerErrorPage } from "@/lib/explorer/with-server-error-page";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import { slugSchema } from "@/lib/registry/schemas";

export const config = { unstable_runtimeJS: false };

type Props = { ngo: ProjectedNgo; donations: boolean; origin: string };

export const getServerSideProps = withServerErrorPage<Props, { slug: string }>("entry", async ({ params, req }) => {
  const slug = params?.slug ?? "";
  // The entry and its donations flag at once: one round trip's wait, not two. A non-slug is
  // never sent to the database (findPublicNgo answers null for it without asking).
  const valid = slugSchema.safeParse(slug).success;
  const [ngo, donations] = await Promise.all([findPublicNgo(slug), valid ? acceptsDonations(slug) : false]);
  if (!ngo) return { notFound: true };
  return { props: { ngo, donations, origin: requestOrigin(req.headers) } };
});

const date = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export default function NgoPage({ ngo, donations, origin }: Props) {
  const state = describeState(ngo.state);
  const description = `${ngo.name}: ${state.label.toLowerCase()}, trust score ${ngo.trust_score}/100. ${sectorName(ngo.sector)} in ${ngo.city}, ${countryName(ngo.country)}.`;
  const snippet = `<script src="${origin}/embed.js" data-ngo="${ngo.slug}" data-key="tr_pk_…your publishable key" async></script>`;
  const curl = `curl ${origin}/api/registry/ngos/${ngo.slug}`;

  return (
    <SiteFrame>
      <PageHead title={ngo.name} description={description} openGraph={{ type: "profile", url: `${origin}/ngos/${ngo.slug}` }} />
      <article>
        <p>
          <a href="/">← Back to the explorer</a>
        </p>
        <div className="entry-head">
          <div>
            <h1>{ngo.name}</h1>
            <p className="lead">
              {sectorName(ngo.sector)} · {ngo.city}, {countryName(ngo.country)}
            </p>
            <div className="badges">
              <StateBadge state={ngo.state} />
              <ScoreBadge score={ngo.trust_score} />
            </div>
          </div>
        </div>

        {ngo.state !== "verified" && (
          <section className="notice bad" aria-labelledby="state-notice">
            <h2 id="state-notice">This entry is {state.label.toLowerCase()}</h2>
            <p>{state.meaning}</p>
            <p>The registry records the reason for every change of state; partners with an API key can read it in the entry&apos;s state history.</p>
          </section>
        )}

        <div className="columns">
          <section aria-labelledby="about">
            <h2 id="about">About</h2>
            <p>{ngo.description}</p>
            <dl className="facts">
              <dt>Sector</dt>
              <dd>
                <a href={`/?sector=${ngo.sector}`}>{sectorName(ngo.sector)}</a>
              </dd>
              <dt>Location</dt>
              <dd>
                {ngo.city}, <a href={`/?country=${ngo.country}`}>{countryName(ngo.country)}</a>
              </dd>
              <dt>Website</dt>
              <dd>
                {ngo.website ? (
                  <a href={ngo.website} rel="noopener nofollow">
                    {ngo.website}
                  </a>
                ) : (
                  "None given"
                )}
              </dd>
              <dt>State</dt>
              <dd>{state.label}</dd>
              <dt>Verified</dt>
              <dd>{ngo.verified_at ? <time dateTime={ngo.verified_at}>{date(ngo.verified_at)}</time> : "Not yet"}</dd>
            </dl>
          </section>

          <section className="panel" aria-labelledby="score">
            <h2 id="score">Trust score</h2>
            <figure className="chart" style={{ margin: 0 }}>
              <ScoreGauge score={ngo.trust_score} />
              <figcaption className="lead" style={{ fontWeight: 400 }}>
                {ngo.trust_score} out of 100, computed by the registry from named components: verification, financial transparency, governance, accountability
                and freshness of the evidence.
              </figcaption>
            </figure>
            <p>
              <strong>What partners see:</strong> the breakdown of this score by component, each with its weight, evidence date and source, the methodology
              version and as-of date, and the full state history with reasons. They are shared with partners (journalists, portals, dashboards) through an API
              key; see <a href="/docs#keys">keys and tiers</a>.
            </p>
          </section>
        </div>

        <section aria-labelledby="history">
          <h2 id="history">History</h2>
          <ol className="timeline">
            {ngo.verified_at && (
              <li>
                <time dateTime={ngo.verified_at}>{date(ngo.verified_at)}</time>: verified by the registry
              </li>
            )}
            <li>Now: {state.label.toLowerCase()}</li>
          </ol>
          <p className="lead">Every earlier change, with who made it and why, is in the state history partners can read.</p>
        </section>

        <section aria-labelledby="donate">
          <h2 id="donate">Donations</h2>
          {donations ? (
            <>
              <p>This organisation takes donations through the registry&apos;s widget. This is how it looks:</p>
              <WidgetPreview src={`/embed/donate/${ngo.slug}?preview=1`} />
              <h3>Put the widget on your own site</h3>
              <p>
                If you run {ngo.name}&apos;s website, paste this where the widget should appear, with your publishable key (<code>tr_pk_…</code>) and your
                site&apos;s origin on its allowlist.
              </p>
              <CodeSample code={snippet} label="embed snippet" />
            </>
          ) : (
            <p>This organisation does not take donations through the registry.</p>
          )}
        </section>

        <section aria-labelledby="api">
          <h2 id="api">This entry in the API</h2>
          <CodeSample code={curl} label="curl command" />
        </section>
      </article>
    </SiteFrame>
  );
}
