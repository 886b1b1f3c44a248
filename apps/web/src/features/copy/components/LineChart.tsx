import { formatDate } from '../../../lib/format.ts';

/**
 * A small SVG line over daily points (a trader's return, an investment's value). The values become numbers only
 * to be drawn; labels stay the exact texts. A single point draws a flat line.
 */
export function LineChart({
  points,
  label,
  testId,
  height = 80,
  axis = true,
  zero = true,
}: {
  points: { day: string; value: string; text: string }[];
  label: string;
  testId?: string;
  height?: number;
  axis?: boolean;
  /** Draw from zero (returns) rather than from the lowest value (amounts). */
  zero?: boolean;
}) {
  const width = 300;
  const values = points.map((p) => Number(p.value));
  const min = Math.min(...(zero ? [0] : []), ...values);
  const max = Math.max(...(zero ? [0] : []), ...values);
  const span = max - min;
  const step = points.length > 1 ? width / (points.length - 1) : width;
  // A flat series is drawn across the middle; 4 px are kept above and below the line.
  const y = (v: number) => (span === 0 ? height / 2 : 4 + (height - 8) * (1 - (v - min) / span));
  const path = (points.length === 1 ? [values[0]!, values[0]!] : values)
    .map((v, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${y(v).toFixed(1)}`)
    .join(' ');
  const last = values.at(-1) ?? 0;
  const first = values[0] ?? 0;
  return (
    <figure className="copy-chart" data-testid={testId} data-points={points.length}>
      <svg viewBox={`0 0 ${width} ${height + (axis ? 16 : 0)}`} role="img" aria-label={label}>
        {zero && <line x1="0" x2={width} y1={y(0)} y2={y(0)} className="copy-chart-zero" />}
        <path d={path} className={last >= first ? 'copy-chart-up' : 'copy-chart-down'} fill="none" />
        {points.map((p, i) => (
          <circle key={p.day} cx={points.length === 1 ? width : i * step} cy={y(values[i]!)} r="2">
            <title>{`${formatDate(p.day)}: ${p.text}`}</title>
          </circle>
        ))}
        {axis && (
          <>
            <text x="0" y={height + 13} className="copy-chart-axis">
              {formatDate(points[0]?.day ?? '')}
            </text>
            <text x={width} y={height + 13} textAnchor="end" className="copy-chart-axis">
              {formatDate(points.at(-1)?.day ?? '')}
            </text>
          </>
        )}
      </svg>
    </figure>
  );
}
