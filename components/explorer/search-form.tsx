import { countryName } from "@/lib/explorer/country-name";
import type { ExplorerParam } from "@/lib/explorer/parse-explorer-query";
import { SECTORS } from "@/lib/registry/sectors";
import { PUBLIC_STATES } from "@/lib/tiers";
import { describeState } from "@/lib/explorer/describe-state";

const SORT_OPTIONS = [
  { value: "", label: "Best match, then highest score" },
  { value: "-trust_score", label: "Highest trust score" },
  { value: "trust_score", label: "Lowest trust score" },
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "-verified_at", label: "Recently verified" },
];

const MIN_SCORES = [90, 80, 70, 60, 50, 40];

type Props = { values: Partial<Record<ExplorerParam, string>>; countries: string[] };

/** The search: a plain GET form with the API's parameter names, enhanced by the live-search script. */
export function SearchForm({ values, countries }: Props) {
  const countryOptions = countries.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <form id="search" className="search" action="/" method="get" role="search" aria-label="Search the registry">
      <label htmlFor="q">Search by name, city or description</label>
      <div className="search-row">
        <input id="q" name="q" type="search" defaultValue={values.q ?? ""} maxLength={200} autoComplete="off" placeholder="e.g. clean water Nairobi" />
        <button type="submit">Search</button>
      </div>
      <div className="filters">
        <div>
          <label htmlFor="sector">Sector</label>
          <select id="sector" name="sector" defaultValue={values.sector ?? ""}>
            <option value="">All sectors</option>
            {SECTORS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="country">Country</label>
          <select id="country" name="country" defaultValue={values.country ?? ""}>
            <option value="">All countries</option>
            {countryOptions.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="state">State</label>
          <select id="state" name="state" defaultValue={values.state ?? ""}>
            <option value="">Any public state</option>
            {PUBLIC_STATES.map((s) => (
              <option key={s} value={s}>
                {describeState(s).label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="min_trust_score">Minimum trust score</label>
          <select id="min_trust_score" name="min_trust_score" defaultValue={values.min_trust_score ?? ""}>
            <option value="">Any score</option>
            {MIN_SCORES.map((n) => (
              <option key={n} value={String(n)}>
                {n} or more
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sort">Sort</label>
          <select id="sort" name="sort" defaultValue={values.sort ?? ""}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </form>
  );
}
