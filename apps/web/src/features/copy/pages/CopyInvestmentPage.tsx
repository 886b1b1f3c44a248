import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { type InvestmentDetail, investmentQuery } from '../api.ts';
import { InvestmentActions } from '../components/InvestmentActions.tsx';
import { LineChart } from '../components/LineChart.tsx';
import { Percent } from '../components/Percent.tsx';
import '../../trading/trading.css';
import '../copy.css';
import { formatAsset } from '../../../lib/money.ts';
import { formatPrice } from '../../../lib/price.ts';

/**
 * `/pages/copy/investment?id=`: one copy investment: its value and result, the value history, settlements, the
 * mirrored trades of its term, and while it is active: top up, renew, its stop-copy limit and auto-renew, stop now.
 */
export default function CopyInvestmentPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ ...investmentQuery(id), refetchInterval: 10_000 });
  const d = q.data;
  const i = d?.investment;
  return (
    <PageLayout title={t('routes:/pages/copy/investment')} testId="copy-investment-page">
      {q.isPending && <LoadingBlock />}
      {q.isError && <LoadFailed onRetry={() => void q.refetch()} />}
      {d && i && (
        <>
          <InvestmentSummary d={d} />
          <h2 className="section-title">{t('copy.valueHistory')}</h2>
          <LineChart
            zero={false}
            testId="copy-investment-chart"
            label={t('copy.valueHistory')}
            points={d.history.map((h) => ({
              day: h.day,
              value: h.value,
              text: formatAsset(h.value, 'USDT'),
            }))}
          />
          {i.state === 'active' && <InvestmentActions detail={d} />}
          <h2 className="section-title">{t('copy.settlements')}</h2>
          <Settlements list={d.settlements} />
          <h2 className="section-title">{t('copy.mirrored')}</h2>
          <MirroredTrades trades={d.trades} />
        </>
      )}
    </PageLayout>
  );
}

/** The investment's value, result, what was paid, its share of the pool, state and term. */
function InvestmentSummary({ d }: { d: InvestmentDetail }) {
  const { t } = useTranslation('trading');
  const i = d.investment;
  return (
    <section className="balance-grid" data-testid="copy-investment-summary" data-state={i.state}>
      <strong>
        {i.trader_name} · {i.package_name}
      </strong>
      <div className="line">
        <span>{t('copy.value')}</span>
        <Money value={i.value} asset="USDT" testId="copy-investment-value" />
      </div>
      <div className="line">
        <span>{t('copy.pnl')}</span>
        <span>
          <Money value={i.pnl} asset="USDT" signed testId="copy-investment-pnl" /> (
          <Percent value={i.pnl_percent} testId="copy-investment-pnl-percent" />)
        </span>
      </div>
      <div className="line">
        <span>{t('copy.principal')}</span>
        <Money value={i.principal} asset="USDT" testId="copy-investment-principal" />
      </div>
      <div className="line">
        <span>{t('copy.hwm')}</span>
        <Money value={i.high_water_mark} asset="USDT" testId="copy-investment-hwm" />
      </div>
      <div className="line">
        <span>{t('copy.sharedPaid', { percent: i.share_percent })}</span>
        <Money value={i.shared} asset="USDT" testId="copy-investment-shared" />
      </div>
      <div className="line">
        <span>{t('copy.feesPaid', { percent: i.fee_percent })}</span>
        <Money value={i.fees} asset="USDT" testId="copy-investment-fees" />
      </div>
      {i.state !== 'active' && (
        <div className="line">
          <span>{t('copy.returned')}</span>
          <Money value={i.returned} asset="USDT" testId="copy-investment-returned" />
        </div>
      )}
      <div className="line">
        <span>{t('copy.poolShare')}</span>
        <span data-testid="copy-investment-share">{d.pool_share}%</span>
      </div>
      <div className="line">
        <span>{t('copy.stateLabel')}</span>
        <span data-testid="copy-investment-state">
          {t(`copy.state.${i.state}`)}
          {i.close_reason ? ` · ${t(`copy.reason.${i.close_reason}`)}` : ''}
        </span>
      </div>
      <div className="line">
        <span>{t('copy.term')}</span>
        <span>
          {formatDate(i.started_at)} – {formatDate(i.ends_at)}
          {i.renewals > 0 ? ` · ${t('copy.renewals', { count: i.renewals })}` : ''}
        </span>
      </div>
    </section>
  );
}

/** The daily settlements of the investment. */
function Settlements({ list }: { list: InvestmentDetail['settlements'] }) {
  const { t } = useTranslation('trading');
  return (
    <>
      {list.length === 0 && <EmptyBlock text={t('copy.noSettlements')} />}
      {list.map((s) => (
        <article
          key={`${s.date}-${s.kind}`}
          className="record-row"
          data-testid={`copy-settlement-${s.date}-${s.kind}`}
        >
          <div className="record-main">
            <span>
              {formatDate(s.date)} · {t(`copy.settleKind.${s.kind}`)}
            </span>
            <Money value={s.value} asset="USDT" />
          </div>
          <div className="record-sub">
            <span>
              {t('copy.profit')}
              {t('common:colon')}
              <Money value={s.profit} asset="USDT" />
            </span>
            <span>
              {t('copy.share')}
              {t('common:colon')}
              <Money value={s.trader_share} asset="USDT" /> · {t('copy.fee')}
              {t('common:colon')}
              <Money value={s.platform_fee} asset="USDT" />
            </span>
          </div>
        </article>
      ))}
    </>
  );
}

/** The trader's trades mirrored for the pool during the term (or why one was skipped). */
function MirroredTrades({ trades }: { trades: InvestmentDetail['trades'] }) {
  const { t } = useTranslation('trading');
  return (
    <>
      {trades.length === 0 && <EmptyBlock text={t('copy.noMirrored')} />}
      {trades.map((m) => (
        <article key={m.id} className="record-row" data-testid="copy-mirrored-trade">
          <div className="record-main">
            <span>
              {m.symbol} · {t(`perp.kind.${m.market}`)}
            </span>
            <span className={m.side === 'buy' ? 'up-text' : 'down-text'}>{t(m.side)}</span>
          </div>
          <div className="record-sub">
            <span>
              {t('copy.traderAmount')}
              {t('common:colon')}
              <span data-exact>{formatPrice(m.trader_amount)}</span> · {t('copy.poolAmount')}
              {t('common:colon')}
              {m.skipped ? (
                t(`copy.skipped.${m.skipped}`)
              ) : (
                <span data-exact>{formatPrice(m.pool_amount)}</span>
              )}
            </span>
            <span>{formatDateTime(m.at)}</span>
          </div>
        </article>
      ))}
    </>
  );
}
