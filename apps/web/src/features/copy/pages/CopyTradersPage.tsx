import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { copyKeys, fetchTraderCards, mineTotalsQuery, type TraderCard, type TraderSort } from '../api.ts';
import { LineChart } from '../components/LineChart.tsx';
import { Percent } from '../components/Percent.tsx';
import '../../trading/trading.css';
import '../copy.css';

/**
 * `/pages/copy/traders`: the lead traders to copy, by 30-day return, followers or assets under management (the
 * company's managed strategy first), each with its record and chart; the member's own copies on top.
 */
export default function CopyTradersPage() {
  const { t } = useTranslation('trading');
  const [sort, setSort] = useState<TraderSort>('roi_30d');
  const totals = useQuery(mineTotalsQuery).data;
  return (
    <PageLayout
      title={t('routes:/pages/copy/traders')}
      testId="copy-traders-page"
      right={
        <Link to="/pages/copy/mine" data-testid="copy-mine-link">
          {t('copy.mine')}
        </Link>
      }
    >
      <p className="trade-note">{t('copy.listIntro')}</p>
      {totals && totals.total > 0 && (
        <Link to="/pages/copy/mine" className="balance-grid copy-totals" data-testid="copy-totals">
          <div className="line">
            <span>{t('copy.myValue')}</span>
            <Money value={totals.total_value} asset="USDT" testId="copy-total-value" />
          </div>
          <div className="line">
            <span>{t('copy.myPnl')}</span>
            <Money value={totals.total_pnl} asset="USDT" signed testId="copy-total-pnl" />
          </div>
        </Link>
      )}
      <FilterChips
        options={(['roi_30d', 'followers', 'aum'] as TraderSort[]).map((k) => ({
          key: k,
          label: t(`copy.sort.${k}`),
        }))}
        value={sort}
        onChange={setSort}
        label={t('copy.sortBy')}
        testId="copy-sort"
      />
      <PagedList<TraderCard>
        key={sort}
        testId="copy-traders"
        queryKey={copyKeys.traders(sort)}
        fetchPage={fetchTraderCards(sort)}
        itemKey={(x) => x.id}
        empty={<EmptyBlock text={t('copy.noTraders')} />}
        renderItem={(x) => (
          <Link
            to={`/pages/copy/trader?id=${x.id}`}
            className="record-row copy-card"
            data-testid={`copy-trader-${x.id}`}
          >
            <div className="record-main">
              <strong>
                {x.display_name}
                {x.company && <span className="copy-badge">{t('copy.company')}</span>}
              </strong>
              <Percent value={x.roi_30d} testId={`copy-trader-${x.id}-roi`} />
            </div>
            <div className="record-sub">
              <span>
                {t('copy.drawdown')} {t('copy.window.30d')}
                {t('common:colon')}
                {x.drawdown_30d}%
              </span>
              <span>{t('copy.roi30')}</span>
            </div>
            <LineChart
              axis={false}
              height={36}
              label={t('copy.chart')}
              points={x.chart.map((p) => ({ day: p.day, value: p.roi, text: `${p.roi}%` }))}
            />
            <div className="record-sub">
              <span data-testid={`copy-trader-${x.id}-followers`}>
                {t('copy.followersCount', { count: x.followers })}
              </span>
              <span>
                {t('copy.aum')}
                {t('common:colon')}
                <Money value={x.aum} asset="USDT" />
              </span>
            </div>
            {x.min_amount && (
              <div className="record-sub">
                <span>
                  {t('copy.from')} <Money value={x.min_amount} asset="USDT" />
                </span>
              </div>
            )}
          </Link>
        )}
      />
      <p className="page-section">
        <Link to="/pages/personal/trader" data-testid="copy-become-trader">
          {t('copy.becomeTrader')}
        </Link>
      </p>
    </PageLayout>
  );
}
