import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { latestSalesQuery, salesQuery } from '../api.ts';
import { SalesChart } from '../components/SalesChart.tsx';
import '../shop.css';
import { formatRelative } from '../../../lib/format.ts';

const PERIODS = ['7', '30', '90'] as const;

/** My sales and my team's (`/pages/trade/Sales`): totals and a chart over 7, 30 or 90 days, and the latest team sales. */
export default function SalesPage() {
  const { t } = useTranslation('shop');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30');
  const sales = useQuery(salesQuery(Number(period))).data;
  const latest = useQuery(latestSalesQuery).data;
  return (
    <PageLayout title={t('routes:/pages/trade/Sales')} testId="sales-page">
      <FilterChips
        options={PERIODS.map((p) => ({ key: p, label: t('sales.days', { count: Number(p) }) }))}
        value={period}
        onChange={setPeriod}
        label={t('sales.period')}
        testId="sales-periods"
      />
      {!sales ? (
        <LoadingBlock />
      ) : (
        <>
          <section className="cart-totals" data-testid="sales-totals">
            <span>
              {t('sales.mine')}
              {t('common:colon')}
              <Money value={sales.totals.personal} asset={sales.asset} testId="sales-mine" />
            </span>
            <span>
              {t('sales.team')}
              {t('common:colon')}
              <Money value={sales.totals.team} asset={sales.asset} testId="sales-team" />
            </span>
          </section>
          <SalesChart days={sales.days} />
        </>
      )}
      <List header={t('sales.latest')} data-testid="sales-latest">
        {latest && latest.list.length === 0 ? <EmptyBlock text={t('sales.none')} /> : null}
        {(latest?.list ?? []).map((s) => (
          <List.Item
            key={`${s.userid}-${s.at}`}
            description={`${t('sales.level', { level: s.level })} · ${t(`sales.sources.${s.source}`, { defaultValue: s.source })} · ${formatRelative(s.at)}`}
            extra={<Money value={s.amount} asset="USDT" />}
          >
            {s.userid}
          </List.Item>
        ))}
      </List>
    </PageLayout>
  );
}
