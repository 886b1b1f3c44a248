import { SearchBar } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { marketsQuery } from '../api.ts';
import { Change } from '../components/Change.tsx';
import { SimulatedNote } from '../components/SimulatedNote.tsx';
import { changeOf, useTickers } from '../useTickers.ts';
import '../trading.css';
import { formatPrice, formatTradedVolume } from '../../../lib/price.ts';

/**
 * The market list (`/pages/home/onlinemain`, `/pages/trade/online`, the demo's `demo2` and the third-party demo):
 * every market with its last price and 24-hour change, moving with the ticker stream. A row opens the market.
 */
export function MarketList({ account, title, intro }: { account: string; title: string; intro?: string }) {
  const { t } = useTranslation('trading');
  const { data, isPending } = useQuery(marketsQuery);
  const live = useTickers();
  const [q, setQ] = useState('');
  const rows = (data?.list ?? [])
    .map((r) => {
      const s = live[r.symbol];
      return s ? { ...r, last: s.last, change_24h: changeOf(s), simulated: s.simulated } : r;
    })
    .filter((r) => !q || r.symbol.toLowerCase().includes(q.toLowerCase()));
  return (
    <PageLayout title={title} testId="markets-page">
      {intro && <p className="trade-note">{intro}</p>}
      <SimulatedNote show={rows.some((r) => r.simulated)} />
      <div style={{ padding: '8px 12px', background: '#fff' }}>
        <SearchBar placeholder={t('search')} value={q} onChange={setQ} aria-label={t('search')} />
      </div>
      {isPending ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyBlock text={t('noRecords')} testId="markets-empty" />
      ) : (
        <nav aria-label={t('markets')}>
          {rows.map((r) => (
            <Link
              key={r.symbol}
              className="market-row"
              to={`/pages/trade/onlinec?symbol=${encodeURIComponent(r.symbol)}&account=${account}`}
              data-testid={`market-${r.base}`}
            >
              <span>
                <span className="sym">{r.base}</span>
                <span className="sub"> / {r.quote}</span>
                <br />
                <span className="sub">
                  {t('volume')} {formatTradedVolume(r.volume_24h)}
                </span>
              </span>
              {/* A price keeps its market's digits (data-exact: the figures check passes it). */}
              <span className="last" data-testid={`market-${r.base}-last`} data-exact>
                {formatPrice(r.last)}
              </span>
              <Change value={r.change_24h} />
            </Link>
          ))}
        </nav>
      )}
    </PageLayout>
  );
}

export default function MarketsPage() {
  const { t } = useTranslation('trading');
  const { pathname } = useLocation();
  if (pathname.endsWith('/demoExchange'))
    return <MarketList account="demo-binance" title={t('thirdParty')} intro={t('thirdPartyIntro')} />;
  return <MarketList account="demo" title={t(`routes:${pathname}`, { defaultValue: t('markets') })} />;
}
