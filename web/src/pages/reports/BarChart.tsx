/**
 * Horizontal stacked bars drawn as inline SVG (no chart library): one bar per row, one segment per
 * series, scaled to the largest row. The numbers are also written beside each bar and in the
 * chart's accessible description, so the colours are never the only carrier of a value.
 */
export interface BarSeries {
  key: string;
  label: string;
}

export interface BarRow {
  label: string;
  values: Record<string, number>;
}

const ROW_HEIGHT = 26;
const BAR_HEIGHT = 16;
const LABEL_WIDTH = 180;
const VALUE_WIDTH = 60;
const WIDTH = 640;

export function BarChart({ title, series, rows }: { title: string; series: BarSeries[]; rows: BarRow[] }) {
  const totals = rows.map((row) => series.reduce((sum, entry) => sum + (row.values[entry.key] ?? 0), 0));
  const largest = Math.max(1, ...totals);
  const barWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(1, rows.length) * ROW_HEIGHT;
  const description = rows
    .map(
      (row, index) =>
        `${row.label}: ${series.map((entry) => `${row.values[entry.key] ?? 0} ${entry.label}`).join(', ')} (${totals[index]})`,
    )
    .join('; ');
  return (
    <figure className="bar-chart">
      <figcaption>{title}</figcaption>
      <ul className="bar-legend" aria-hidden="true">
        {series.map((entry, index) => (
          <li key={entry.key}>
            <svg width="12" height="12" viewBox="0 0 12 12">
              <rect width="12" height="12" className={`series-${index}`} />
            </svg>{' '}
            {entry.label}
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <p className="muted">Nothing in this window.</p>
      ) : (
        <svg
          role="img"
          aria-label={`${title}: ${description}`}
          viewBox={`0 0 ${WIDTH} ${height}`}
          preserveAspectRatio="xMinYMin meet"
          className="bar-chart-svg"
        >
          {rows.map((row, rowIndex) => {
            const y = rowIndex * ROW_HEIGHT + (ROW_HEIGHT - BAR_HEIGHT) / 2;
            let x = LABEL_WIDTH;
            return (
              <g key={`${row.label}-${rowIndex}`}>
                <text x={LABEL_WIDTH - 6} y={y + BAR_HEIGHT - 3} textAnchor="end" className="bar-label">
                  {row.label.length > 26 ? `${row.label.slice(0, 25)}…` : row.label}
                </text>
                {series.map((entry, seriesIndex) => {
                  const value = row.values[entry.key] ?? 0;
                  const width = (value / largest) * barWidth;
                  const segment = (
                    <rect
                      key={entry.key}
                      x={x}
                      y={y}
                      width={width}
                      height={BAR_HEIGHT}
                      className={`series-${seriesIndex}`}
                    >
                      <title>{`${row.label}: ${value} ${entry.label}`}</title>
                    </rect>
                  );
                  x += width;
                  return segment;
                })}
                <text x={x + 4} y={y + BAR_HEIGHT - 3} className="bar-value">
                  {totals[rowIndex]}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
