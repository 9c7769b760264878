import { scaleBand, scaleLinear } from "d3-scale";
import { YGrid } from "./y-grid";

type Bin = { min: number; max: number; count: number };

/** Columns over the trust-score range, as server-rendered SVG. */
export function Histogram({ title, bins }: { title: string; bins: Bin[] }) {
  const width = 420;
  const height = 240;
  const margin = { top: 16, right: 8, bottom: 40, left: 48 };
  const x = scaleBand<string>().domain(bins.map((b) => `${b.min}–${b.max}`)).range([margin.left, width - margin.right]).padding(0.12);
  const y = scaleLinear().domain([0, Math.max(1, ...bins.map((b) => b.count))]).range([height - margin.bottom, margin.top]).nice();
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <title>{title}</title>
      <YGrid y={y} left={margin.left} right={width - margin.right} />
      {bins.map((bin) => {
        const key = `${bin.min}–${bin.max}`;
        return (
          <g key={key}>
            <rect className="bar" x={x(key)} y={y(bin.count)} width={x.bandwidth()} height={y(0) - y(bin.count)} rx="2" />
            <text x={(x(key) ?? 0) + x.bandwidth() / 2} y={height - margin.bottom + 16} textAnchor="middle" fontSize="11">
              {bin.min}
            </text>
          </g>
        );
      })}
      <text x={(margin.left + width - margin.right) / 2} y={height - 6} textAnchor="middle">
        Trust score (each column spans ten points)
      </text>
    </svg>
  );
}
