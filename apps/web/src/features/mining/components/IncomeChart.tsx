import { formatAmount } from '@mp/contract/web';
import { useTranslation } from 'react-i18next';
import { decimalsOf, toMinor } from '../../../lib/money.ts';
import { formatAsset } from '../../../lib/money.ts';
import { formatDate } from '../../../lib/format.ts';

type Point = { date: string; amount: string };

/**
 * Daily income as an SVG bar chart, one bar per day of the period (days without income are empty). Bar heights are
 * the only place an amount becomes a number, for drawing; labels stay exact.
 */
export function IncomeChart({
  series,
  asset,
  days,
  today,
}: {
  series: Point[];
  asset: string;
  days: number;
  today: string;
}) {
  const { t } = useTranslation('mining');
  const decimals = decimalsOf(asset);
  const byDate = new Map(series.map((p) => [p.date, toMinor(p.amount, decimals) ?? 0n]));
  const dates = Array.from({ length: days }, (_, i) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - (days - 1 - i));
    return d.toISOString().slice(0, 10);
  });
  const max = dates.reduce((m, d) => ((byDate.get(d) ?? 0n) > m ? (byDate.get(d) ?? 0n) : m), 0n);
  const width = 300;
  const height = 120;
  const bar = width / days;
  return (
    <figure className="mining-chart" data-testid="income-chart" data-points={series.length}>
      <figcaption>
        {t('chartTitle', { days })} · {t('chartMax')}
        {t('common:colon')}
        {formatAsset(formatAmount(max, decimals), asset)}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('chartTitle', { days })}>
        {dates.map((d, i) => {
          const v = byDate.get(d) ?? 0n;
          const h = max > 0n ? Number((v * 1000n) / max) / 1000 : 0;
          return (
            <rect
              key={d}
              x={i * bar + 1}
              y={height - h * height}
              width={Math.max(bar - 2, 1)}
              height={h * height}
            >
              <title>{`${formatDate(d)}: ${formatAsset(formatAmount(v, decimals), asset)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
