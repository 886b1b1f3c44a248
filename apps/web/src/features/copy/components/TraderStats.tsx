import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import type { TraderCard } from '../api.ts';
import { LineChart } from './LineChart.tsx';
import { Percent } from './Percent.tsx';

/** A lead trader's return and drawdown over 7/30/90 days, followers and assets under management. */
export function TraderStats({ trader }: { trader: TraderCard }) {
  const { t } = useTranslation('trading');
  return (
    <section className="balance-grid" aria-label={t('copy.record')} data-testid="trader-stats">
      <table className="copy-stats">
        <thead>
          <tr>
            <th />
            {(['7d', '30d', '90d'] as const).map((w) => (
              <th key={w}>{t(`copy.window.${w}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>{t('copy.roi')}</th>
            <td>
              <Percent value={trader.roi_7d} testId="trader-roi-7d" />
            </td>
            <td>
              <Percent value={trader.roi_30d} testId="trader-roi-30d" />
            </td>
            <td>
              <Percent value={trader.roi_90d} testId="trader-roi-90d" />
            </td>
          </tr>
          <tr>
            <th>{t('copy.drawdown')}</th>
            <td>
              <Percent plain value={trader.drawdown_7d} testId="trader-dd-7d" />
            </td>
            <td>
              <Percent plain value={trader.drawdown_30d} testId="trader-dd-30d" />
            </td>
            <td>
              <Percent plain value={trader.drawdown_90d} testId="trader-dd-90d" />
            </td>
          </tr>
        </tbody>
      </table>
      <div className="line">
        <span>{t('copy.followers')}</span>
        <span data-testid="trader-followers">{trader.followers}</span>
      </div>
      <div className="line">
        <span>{t('copy.aum')}</span>
        <Money value={trader.aum} asset="USDT" testId="trader-aum" />
      </div>
      <LineChart
        testId="trader-chart"
        label={t('copy.chart')}
        points={trader.chart.map((p) => ({ day: p.day, value: p.roi, text: `${p.roi}%` }))}
      />
    </section>
  );
}
