import type { ScaleLinear } from "d3-scale";

/** A chart's horizontal grid lines with their counts on the left, four or so. */
export function YGrid({ y, left, right }: { y: ScaleLinear<number, number>; left: number; right: number }) {
  return y.ticks(4).map((tick) => (
    <g key={tick}>
      <line className="axis" x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
      <text x={left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
        {tick.toLocaleString("en")}
      </text>
    </g>
  ));
}
