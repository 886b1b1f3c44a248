import { MINING_CHART_DAYS } from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { summaryQuery } from '../api.ts';
import { IncomeChart } from '../components/IncomeChart.tsx';
import { MINING_PATHS } from '../paths.ts';
import '../mining.css';

const LINKS = [
  { key: 'packages', path: MINING_PATHS.packages },
  { key: 'orders', path: MINING_PATHS.orders },
  { key: 'incomeByDay', path: MINING_PATHS.incomeByDay },
  { key: 'incomeRecords', path: MINING_PATHS.incomeRecords },
  { key: 'vouchers', path: MINING_PATHS.vouchers },
] as const;

/** The mining area's home: income totals, today's income, the daily chart, order states and the mining menu. */
export default function AssetIncomePage() {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const summary = useQuery(summaryQuery);
  const s = summary.data;
  const main = s?.totals[0] ?? { asset: 'USDT', total: '0', today: '0', yesterday: '0' };
  return (
    <PageLayout title={t('routes:/pages/Mining/AssetIncome')} testId="asset-income-page">
      {summary.isPending ? <LoadingBlock testId="asset-income-loading" /> : null}
      {summary.isError ? (
        <LoadFailed onRetry={() => void summary.refetch()} testId="asset-income-error" />
      ) : null}
      {s ? (
        <>
          <div className="mining-totals" data-testid="income-totals">
            <div>
              <span>{t('totalIncome')}</span>
              <Money value={main.total} asset={main.asset} testId="income-total" />
            </div>
            <div>
              <span>{t('todayIncome')}</span>
              <Money value={main.today} asset={main.asset} testId="income-today" />
            </div>
            <div>
              <span>{t('yesterdayIncome')}</span>
              <Money value={main.yesterday} asset={main.asset} testId="income-yesterday" />
            </div>
          </div>
          {s.totals.slice(1).map((x) => (
            <p key={x.asset} className="page-section" data-testid={`income-total-${x.asset}`}>
              {t('totalIncome')}
              {t('common:colon')}
              <Money value={x.total} asset={x.asset} />
            </p>
          ))}
          <IncomeChart
            series={s.series.filter((p) => p.asset === main.asset)}
            asset={main.asset}
            days={MINING_CHART_DAYS}
            today={s.today_date}
          />
          <List header={t('status')} data-testid="mining-status">
            <List.Item extra={<span data-testid="status-pending">{s.status.pending}</span>}>
              {t('states.pending')}
            </List.Item>
            <List.Item extra={<span data-testid="status-mining">{s.status.mining}</span>}>
              {t('states.mining')}
            </List.Item>
            <List.Item extra={<span data-testid="status-ended">{s.status.ended}</span>}>
              {t('states.ended')}
            </List.Item>
            {s.status.capacity.map((c) => (
              <List.Item key={c.coin} extra={`${c.quantity} ${c.capacity_unit}`}>
                {t('capacityMining', { coin: c.coin })}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      <List header={t('menu')}>
        {LINKS.map((l) => (
          <List.Item key={l.key} onClick={() => navigate(l.path)} data-testid={`mining-menu-${l.key}`}>
            {t(`links.${l.key}`)}
          </List.Item>
        ))}
      </List>
    </PageLayout>
  );
}
