import { useTranslation } from 'react-i18next';
import { toMinor } from '../../../lib/money.ts';
import { formatDate } from '../../../lib/format.ts';

type Day = { date: string; personal: string; team: string };

/** My sales and my team's, day by day, as paired SVG bars (the amounts become numbers only to be drawn). */
export function SalesChart({ days }: { days: Day[] }) {
  const { t } = useTranslation('shop');
  const values = days.map((d) => ({
    date: d.date,
    personal: Number(toMinor(d.personal, 6) ?? 0n),
    team: Number(toMinor(d.team, 6) ?? 0n),
  }));
  const max = Math.max(1, ...values.flatMap((v) => [v.personal, v.team]));
  const width = 340;
  const height = 140;
  const slot = width / Math.max(1, values.length);
  const bar = Math.max(1, slot / 2 - 1);
  return (
    <figure className="sales-chart" data-testid="sales-chart">
      <svg viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-label={t('sales.chart')}>
        {values.map((v, i) => {
          const hp = (v.personal / max) * height;
          const ht = (v.team / max) * height;
          return (
            <g key={v.date}>
              <title>{`${formatDate(v.date)}: ${days[i]?.personal} / ${days[i]?.team}`}</title>
              <rect x={i * slot} y={height - hp} width={bar} height={hp} className="sales-bar-mine" />
              <rect
                x={i * slot + bar + 1}
                y={height - ht}
                width={bar}
                height={ht}
                className="sales-bar-team"
              />
            </g>
          );
        })}
        <text x="0" y={height + 13} className="sales-axis">
          {formatDate(values[0]?.date ?? '')}
        </text>
        <text x={width} y={height + 13} textAnchor="end" className="sales-axis">
          {formatDate(values.at(-1)?.date ?? '')}
        </text>
      </svg>
      <figcaption className="sales-legend">
        <span className="sales-key sales-bar-mine" /> {t('sales.mine')}{' '}
        <span className="sales-key sales-bar-team" /> {t('sales.team')}
      </figcaption>
    </figure>
  );
}
