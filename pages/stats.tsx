// /stats — the public register in charts: server-rendered SVG, each with its numbers as a table.
// The statistics are the API's (view=stats, public tier), from the maintained aggregates. Plain HTML, as
// every explorer page (see pages/index.tsx).
import { BarChart } from "@/components/explorer/bar-chart";
import { ChartFigure } from "@/components/explorer/chart-figure";
import { Histogram } from "@/components/explorer/histogram";
import { PageHead } from "@/components/explorer/page-head";
import { SiteFrame } from "@/components/explorer/site-frame";
import { StateLines } from "@/components/explorer/state-lines";
import { countryName } from "@/lib/explorer/country-name";
import { describeState } from "@/lib/explorer/describe-state";
import { getStateTimeline, type StatePoint } from "@/lib/explorer/get-state-timeline";
import { sectorName } from "@/lib/explorer/sector-name";
import { withServerErrorPage } from "@/lib/explorer/with-server-error-page";
import { getRegistryStats } from "@/lib/registry/get-registry-stats";
import type { RegistryStats } from "@/lib/registry/response-schemas";

export const config = { unstable_runtimeJS: false };

const TOP_COUNTRIES = 15;

type Props = { stats: RegistryStats; timeline: StatePoint[] };

export const getServerSideProps = withServerErrorPage<Props>("stats", async () => {
  const [stats, timeline] = await Promise.all([getRegistryStats({}, "public"), getStateTimeline()]);
  return { props: { stats, timeline } };
});

export default function StatsPage({ stats, timeline }: Props) {
  const countries = stats.by_country.slice(0, TOP_COUNTRIES);
  return (
    <SiteFrame>
      <PageHead title="Statistics" description="The public register of NGOs in numbers: by sector, by country, trust scores and states over time." />
      <h1>The register in numbers</h1>
      <p className="lead">
        {stats.total.toLocaleString("en")} public entries, average trust score {stats.average_trust_score ?? "—"}. Counted over verified, suspended and revoked
        entries only; the same figures are in the API at <a href="/api/registry/ngos?view=stats">/api/registry/ngos?view=stats</a>.
      </p>
      <ul className="badges" aria-label="Entries by state">
        {stats.by_state.map((s) => (
          <li key={s.state} className={`badge ${s.state}`}>
            {describeState(s.state).label}: {s.count.toLocaleString("en")}
          </li>
        ))}
      </ul>

      <h2>By sector</h2>
      <ChartFigure
        id="sectors"
        title="Public entries by sector"
        chart={<BarChart title="Public entries by sector" bars={stats.by_sector.map((s) => ({ label: sectorName(s.sector), value: s.count }))} />}
        columns={[{ label: "Sector" }, { label: "Entries", numeric: true }, { label: "Average score", numeric: true }]}
        rows={stats.by_sector.map((s) => [sectorName(s.sector), s.count, s.average_trust_score])}
      />

      <h2>By country</h2>
      <ChartFigure
        id="countries"
        title={`Public entries by country (the ${countries.length} largest)`}
        chart={
          <BarChart
            title={`Public entries by country (the ${countries.length} largest)`}
            bars={countries.map((c) => ({ label: countryName(c.country), value: c.count }))}
          />
        }
        columns={[{ label: "Country" }, { label: "Entries", numeric: true }, { label: "Average score", numeric: true }]}
        rows={stats.by_country.map((c) => [countryName(c.country), c.count, c.average_trust_score])}
      />

      <h2>Trust scores</h2>
      <ChartFigure
        id="scores"
        title="How trust scores are distributed"
        chart={<Histogram title="How trust scores are distributed" bins={stats.trust_score_histogram} />}
        columns={[{ label: "Score" }, { label: "Entries", numeric: true }]}
        rows={stats.trust_score_histogram.map((b) => [`${b.min}–${b.max}`, b.count])}
      />

      <h2>States over time</h2>
      <ChartFigure
        id="states"
        title="Entries in each state at the end of each month"
        chart={<StateLines title="Entries in each state at the end of each month" points={timeline} />}
        columns={[{ label: "Month" }, { label: "Verified", numeric: true }, { label: "Suspended", numeric: true }, { label: "Revoked", numeric: true }]}
        rows={timeline.map((p) => [p.month, p.verified, p.suspended, p.revoked])}
      />
      <p className="lead">Replayed from the registry&apos;s transition history, for the entries public today.</p>
    </SiteFrame>
  );
}
