import { scaleBand, scaleLinear } from "d3-scale";

type Bar = { label: string; value: number };

/** A ranked horizontal bar chart as server-rendered SVG. */
export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const width = 420;
  const labelWidth = 184;
  const rowHeight = 26;
  const height = Math.max(1, bars.length) * rowHeight + 8;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const x = scaleLinear().domain([0, max]).range([0, width - labelWidth - 44]).nice();
  const y = scaleBand<number>().domain(bars.map((_, i) => i)).range([4, height - 4]).padding(0.2);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
      <title>{title}</title>
      {bars.map((bar, i) => {
        const top = y(i) ?? 0;
        return (
          <g key={bar.label}>
            <text x={labelWidth - 8} y={top + y.bandwidth() / 2} dominantBaseline="middle" textAnchor="end">
              {bar.label.length > 21 ? `${bar.label.slice(0, 20)}…` : bar.label}
            </text>
            <rect className="bar" x={labelWidth} y={top} width={Math.max(1, x(bar.value))} height={y.bandwidth()} rx="2" />
            <text x={labelWidth + x(bar.value) + 6} y={top + y.bandwidth() / 2} dominantBaseline="middle">
              {bar.value.toLocaleString("en")}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
