import { describeState } from "@/lib/explorer/describe-state";
import type { NgoState } from "@/lib/tiers";

export function StateBadge({ state }: { state: NgoState }) {
  return <span className={`badge ${state}`}>{describeState(state).label}</span>;
}

export function ScoreBadge({ score }: { score: number }) {
  return (
    <span className="badge score" title="Trust score, 0 to 100">
      Trust score {score}
    </span>
  );
}
