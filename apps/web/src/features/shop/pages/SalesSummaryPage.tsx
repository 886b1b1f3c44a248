import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { infoPoolQuery, salesSummaryQuery } from '../api.ts';
import '../shop.css';

/** My sales summary (`/pages/trade/summary`): this month and in all, my legs and team, and my pairing pool. */
export default function SalesSummaryPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const s = useQuery(salesSummaryQuery).data;
  const pool = useQuery(infoPoolQuery).data;
  const row = (label: string, value: string, testId: string) => (
    <List.Item extra={<Money value={value} asset="USDT" testId={testId} />}>{label}</List.Item>
  );
  return (
    <PageLayout title={t('routes:/pages/trade/summary')} testId="sales-summary-page">
      {!s || !pool ? (
        <LoadingBlock />
      ) : (
        <>
          <List header={t('summary.sales')} data-testid="summary-sales">
            {row(t('summary.personalMonth'), s.personal_month, 'summary-personal-month')}
            {row(t('summary.personalTotal'), s.personal_total, 'summary-personal-total')}
            {row(t('summary.teamMonth'), s.team_month, 'summary-team-month')}
            {row(t('summary.teamTotal'), s.team_total, 'summary-team-total')}
            {row(t('summary.left'), s.left_total, 'summary-left')}
            {row(t('summary.right'), s.right_total, 'summary-right')}
            <List.Item extra={s.direct_count}>{t('summary.direct')}</List.Item>
            <List.Item extra={s.team_count}>{t('summary.teamCount')}</List.Item>
            <List.Item extra={s.shop_orders_month}>{t('summary.shopOrders')}</List.Item>
          </List>
          <List header={t('summary.pool')} data-testid="summary-pool">
            {row(t('summary.leftCarried'), pool.left_carried, 'pool-left-carried')}
            {row(t('summary.rightCarried'), pool.right_carried, 'pool-right-carried')}
            {row(t('summary.leftToday'), pool.left_today, 'pool-left-today')}
            {row(t('summary.rightToday'), pool.right_today, 'pool-right-today')}
            <List.Item
              extra={pool.last_pair_date || '—'}
              description={t('summary.lastPairs', { count: pool.last_pairs })}
            >
              {t('summary.lastPairing')}
            </List.Item>
            {row(t('summary.lastBonus'), pool.last_bonus, 'pool-last-bonus')}
            {row(t('summary.bonusMonth'), pool.bonus_month, 'pool-bonus-month')}
            {row(t('summary.bonusTotal'), pool.bonus_total, 'pool-bonus-total')}
          </List>
          <List>
            <List.Item onClick={() => navigate('/pages/trade/Sales')} data-testid="summary-sales-link">
              {t('routes:/pages/trade/Sales')}
            </List.Item>
          </List>
        </>
      )}
    </PageLayout>
  );
}
