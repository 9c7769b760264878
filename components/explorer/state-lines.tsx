import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import type { StatePoint } from "@/lib/explorer/get-state-timeline";
import { PUBLIC_STATES } from "@/lib/tiers";
import { describeState } from "@/lib/explorer/describe-state";
import { YGrid } from "./y-grid";

/** Entries per public state at each month's end, one line per state, as server-rendered SVG. */
export function StateLines({ title, points }: { title: string; points: StatePoint[] }) {
  const width = 420;
  const height = 260;
  const margin = { top: 28, right: 16, bottom: 36, left: 52 };
  const x = scalePoint<string>().domain(points.map((p) => p.month)).range([margin.left, width - margin.right]);
  const max = Math.max(1, ...points.flatMap((p) => PUBLIC_STATES.map((s) => p[s])));
  const y = scaleLinear().domain([0, max]).range([height - margin.bottom, margin.top]).nice();
  const every = Math.max(1, Math.ceil(points.length / 6));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <title>{title}</title>
      <YGrid y={y} left={margin.left} right={width - margin.right} />
      {points.map((p, i) =>
        i % every === 0 ? (
          <text key={p.month} x={x(p.month)} y={height - margin.bottom + 18} textAnchor="middle" fontSize="11">
            {p.month}
          </text>
        ) : null,
      )}
      {PUBLIC_STATES.map((state, i) => {
        const path = line<StatePoint>()
          .x((p) => x(p.month) ?? 0)
          .y((p) => y(p[state]))(points);
        return (
          <g key={state}>
            <path className={`line ${state}`} d={path ?? ""} strokeDasharray={i === 0 ? undefined : i === 1 ? "6 3" : "2 3"} />
            <rect className={state} x={margin.left + i * 115} y={6} width={14} height={4} />
            <text x={margin.left + i * 115 + 20} y={12}>
              {describeState(state).label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
