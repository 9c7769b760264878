import type { ReactNode } from "react";

type Column = { label: string; numeric?: boolean };

/** A chart with its title and, beside it, the same numbers as a table. */
export function ChartFigure({
  id,
  title,
  chart,
  columns,
  rows,
}: {
  id: string;
  title: string;
  chart: ReactNode;
  columns: Column[];
  rows: (string | number)[][];
}) {
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div className="chart-body">
        {chart}
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${title}: table`}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className={c.numeric ? "num" : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j} className={columns[j]?.numeric ? "num" : undefined}>
                      {typeof cell === "number" ? cell.toLocaleString("en") : cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  );
}
