import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { packagesQuery, traderQuery } from '../api.ts';
import { TraderStats } from '../components/TraderStats.tsx';
import '../../trading/trading.css';
import '../copy.css';
import { formatPrice } from '../../../lib/price.ts';

/** `/pages/copy/trader?id=`: one lead trader's record, chart, strategy, packages to copy and latest trades. */
export default function CopyTraderPage() {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery(traderQuery(id));
  const packages = useQuery(packagesQuery(id)).data;
  const data = q.data;
  const trader = data?.trader;
  return (
    <PageLayout title={trader?.display_name ?? t('routes:/pages/copy/trader')} testId="copy-trader-page">
      {q.isPending && <LoadingBlock />}
      {q.isError && <LoadFailed onRetry={() => void q.refetch()} />}
      {trader && (
        <>
          <section className="balance-grid">
            <strong data-testid="trader-name">
              {trader.display_name}
              {trader.company && <span className="copy-badge">{t('copy.company')}</span>}
            </strong>
            {data?.following && (
              <span className="up-text" data-testid="trader-following">
                {t('copy.following')}
              </span>
            )}
            {trader.bio && <p className="copy-text">{trader.bio}</p>}
            {trader.strategy && (
              <p className="copy-text">
                {t('copy.strategy')}
                {t('common:colon')}
                {trader.strategy}
              </p>
            )}
            {trader.since && (
              <span className="field-hint">{t('copy.since', { at: formatDateTime(trader.since) })}</span>
            )}
          </section>
          <h2 className="section-title">{t('copy.record')}</h2>
          <TraderStats trader={trader} />
          <h2 className="section-title">{t('copy.packages')}</h2>
          {packages && packages.list.length === 0 && <EmptyBlock text={t('copy.noPackages')} />}
          {packages?.list.map((p) => (
            <article key={p.id} className="record-row" data-testid={`copy-package-${p.id}`}>
              <div className="record-main">
                <strong>{p.name}</strong>
                <span>{t('copy.termDays', { count: p.term_days })}</span>
              </div>
              <div className="record-sub">
                <span>
                  {t('copy.minimum')}
                  {t('common:colon')}
                  <Money value={p.min_amount} asset="USDT" />
                </span>
                <span>
                  {t('copy.share')}
                  {t('common:colon')}
                  {p.share_percent}% · {t('copy.fee')}
                  {t('common:colon')}
                  {p.fee_percent}%
                </span>
              </div>
              <Button
                size="small"
                color="primary"
                onClick={() =>
                  navigate(`/pages/copy/invest?package=${p.id}&trader=${trader.company ? '' : trader.id}`)
                }
                data-testid={`copy-package-${p.id}-invest`}
              >
                {t('copy.copyThis')}
              </Button>
            </article>
          ))}
          <h2 className="section-title">{t('copy.latestTrades')}</h2>
          {data?.trades.length === 0 && <EmptyBlock text={t('copy.noTrades')} />}
          {data?.trades.map((f) => (
            <article key={f.id} className="record-row" data-testid="trader-trade">
              <div className="record-main">
                <span>
                  {f.symbol} · {t(`perp.kind.${f.market}`)}
                </span>
                <span className={f.side === 'buy' ? 'up-text' : 'down-text'}>{t(f.side)}</span>
              </div>
              <div className="record-sub">
                <span>
                  {formatPrice(f.amount)} @ {formatPrice(f.price)}
                </span>
                <span>{formatDateTime(f.at)}</span>
              </div>
            </article>
          ))}
        </>
      )}
    </PageLayout>
  );
}
