import { arc } from "d3-shape";

const START = -Math.PI * 0.75;
const SWEEP = Math.PI * 1.5;
const track = arc()({ innerRadius: 62, outerRadius: 80, startAngle: START, endAngle: START + SWEEP }) ?? "";

/** The trust score as a 270° gauge, drawn on the server. */
export function ScoreGauge({ score }: { score: number }) {
  const value = arc().cornerRadius(4)({ innerRadius: 62, outerRadius: 80, startAngle: START, endAngle: START + (SWEEP * score) / 100 }) ?? "";
  return (
    <svg className="gauge" viewBox="-90 -90 180 172" width="180" height="172" role="img" aria-labelledby="gauge-title">
      <title id="gauge-title">{`Trust score ${score} out of 100`}</title>
      <path className="track" d={track} />
      <path className="value" d={value} />
      <text textAnchor="middle" y="8" fontSize="40" fontWeight="700">
        {score}
      </text>
      <text textAnchor="middle" y="32" fontSize="13">
        out of 100
      </text>
      <text x="-58" y="76" fontSize="11" textAnchor="middle">
        0
      </text>
      <text x="58" y="76" fontSize="11" textAnchor="middle">
        100
      </text>
    </svg>
  );
}
