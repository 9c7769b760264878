import { countryName } from "@/lib/explorer/country-name";
import { sectorName } from "@/lib/explorer/sector-name";
import type { ProjectedNgo } from "@/lib/registry/project-ngo";
import { ScoreBadge, StateBadge } from "./badges";

export function NgoCard({ ngo }: { ngo: ProjectedNgo }) {
  return (
    <li className="card">
      <h2>
        <a href={`/ngos/${ngo.slug}`}>
          {ngo.name}
        </a>
      </h2>
      <p>
        {sectorName(ngo.sector)} · {ngo.city}, {countryName(ngo.country)}
      </p>
      <div className="badges">
        <StateBadge state={ngo.state} />
        <ScoreBadge score={ngo.trust_score} />
      </div>
    </li>
  );
}
