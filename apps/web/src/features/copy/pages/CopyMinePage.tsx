import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { copyKeys, fetchMine, type Investment, mineTotalsQuery } from '../api.ts';
import { InvestmentRow } from '../components/InvestmentRow.tsx';
import '../../trading/trading.css';
import '../copy.css';

/** `/pages/copy/mine`: the member's copy investments, active or ended, with the active ones' value and result. */
export default function CopyMinePage() {
  const { t } = useTranslation('trading');
  const [state, setState] = useState<'active' | 'ended'>('active');
  const totals = useQuery({ ...mineTotalsQuery, refetchInterval: 10_000 }).data;
  return (
    <PageLayout title={t('routes:/pages/copy/mine')} testId="copy-mine-page">
      {totals && (
        <section className="balance-grid" data-testid="copy-mine-totals">
          <div className="line">
            <span>{t('copy.myValue')}</span>
            <Money value={totals.total_value} asset="USDT" testId="copy-mine-value" />
          </div>
          <div className="line">
            <span>{t('copy.myPnl')}</span>
            <Money value={totals.total_pnl} asset="USDT" signed testId="copy-mine-pnl" />
          </div>
        </section>
      )}
      <FilterChips
        options={(['active', 'ended'] as const).map((k) => ({ key: k, label: t(`copy.tab.${k}`) }))}
        value={state}
        onChange={setState}
        label={t('copy.stateFilter')}
        testId="copy-mine-filter"
      />
      <PagedList<Investment>
        key={state}
        testId="copy-mine-list"
        queryKey={copyKeys.mine(state)}
        fetchPage={fetchMine(state)}
        itemKey={(x) => x.id}
        refreshEvery={() => (state === 'active' ? 10_000 : false)}
        empty={
          <EmptyBlock
            text={state === 'active' ? t('copy.noActive') : t('copy.noEnded')}
            testId="copy-mine-empty"
          />
        }
        renderItem={(x) => <InvestmentRow x={x} to={`/pages/copy/investment?id=${x.id}`} />}
      />
      <p className="page-section">
        <Link to="/pages/copy/traders" data-testid="copy-find-traders">
          {t('copy.findTraders')}
        </Link>
      </p>
    </PageLayout>
  );
}
