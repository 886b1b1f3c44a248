import type { ResponseOf } from '@mp/contract';
import {
  CANDLE_SECONDS,
  CANDLE_TIMEFRAMES,
  type CandleTimeframe,
  type MarketKind,
  type marketInfo,
  type tradingAccounts,
} from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { accountsQuery, candlesQuery, infoQuery, marketsQuery } from '../api.ts';
import { CandleChart } from '../components/CandleChart.tsx';
import { Change } from '../components/Change.tsx';
import { OpenOrders } from '../components/OpenOrders.tsx';
import { OrderForm } from '../components/OrderForm.tsx';
import { Positions } from '../components/Positions.tsx';
import { SimulatedNote } from '../components/SimulatedNote.tsx';
import { changeOf, type StreamTicker, useTickers } from '../useTickers.ts';
import '../trading.css';
import { formatPrice, formatTradedVolume } from '../../../lib/price.ts';

type MarketInfo = ResponseOf<typeof marketInfo>;
type Account = ResponseOf<typeof tradingAccounts>['list'][number];

/** One market (`/pages/trade/onlinec`, the demo's `demo3`, the quick buy and sell screens): price, candles, order form. */
export default function MarketPage() {
  const { t } = useTranslation('trading');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol') ?? 'BTC/USDT';
  const account = params.get('account') ?? 'demo';
  const [tf, setTf] = useState<CandleTimeframe>('1m');
  const market: MarketKind = params.get('market') === 'perp' ? 'perp' : 'spot';
  const setMarket = (m: MarketKind) =>
    setParams({ symbol, account, ...(m === 'perp' ? { market: m } : {}) }, { replace: true });
  const info = useQuery(infoQuery(symbol, account));
  const chart = useQuery(candlesQuery(symbol, tf));
  const accounts = useQuery(accountsQuery).data?.list ?? [];
  const markets = useQuery(marketsQuery).data?.list.map((m) => m.symbol) ?? [];
  const live = useTickers([symbol])[symbol];
  const ticker = info.data?.ticker;
  const last = live?.last ?? ticker?.last ?? '';
  const change = live ? changeOf(live) : (ticker?.change_24h ?? '0.00');
  const initialSide = pathname.endsWith('/Tradesell') ? 'sell' : 'buy';
  const title = pathname.endsWith('/Tradesell')
    ? t('quickSell')
    : pathname.endsWith('/Trade')
      ? t('quickBuy')
      : symbol;
  return (
    <PageLayout title={title} testId="market-page">
      <SimulatedNote show={live?.simulated ?? ticker?.simulated ?? false} />
      <MarketPickers
        chosen={{ account, symbol, market }}
        accounts={accounts}
        markets={markets}
        setParams={setParams}
      />
      <TradeHead
        last={last}
        change={change}
        ticker={ticker}
        live={live}
        decimals={info.data?.market.price_decimals}
      />
      <fieldset className="tf-picker" aria-label={t('timeframe')}>
        {CANDLE_TIMEFRAMES.map((x) => (
          <button key={x} type="button" aria-pressed={tf === x} onClick={() => setTf(x)}>
            {x}
          </button>
        ))}
      </fieldset>
      <CandleChart rows={chart.data?.list ?? []} last={last} span={CANDLE_SECONDS[tf]} />
      {last && (
        <OrderForm
          // Quick buy and Quick sell are one page at two routes (React keeps its state between them): a new side,
          // account or market starts a new form.
          key={`${account}-${symbol}-${initialSide}`}
          account={account}
          symbol={symbol}
          last={last}
          initialSide={initialSide}
          market={market}
          onMarket={setMarket}
        />
      )}
      {market === 'perp' && <Positions account={account} />}
      <OpenOrders account={account} />
      <div className="tile-links">
        <Link to={`/pages/trade/Recordtx?account=${account}`}>{t('records')}</Link>
        <Link to={`/pages/trade/History?account=${account}`}>{t('orders')}</Link>
      </div>
    </PageLayout>
  );
}

/** The account and the market to trade, and a way to connect an exchange when none is. */
function MarketPickers({
  chosen,
  accounts,
  markets,
  setParams,
}: {
  chosen: { account: string; symbol: string; market: MarketKind };
  accounts: Account[];
  markets: string[];
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const { t } = useTranslation('trading');
  const { account, symbol, market } = chosen;
  return (
    <div className="account-picker">
      <label>
        {t('account')}{' '}
        <select
          value={account}
          onChange={(e) => setParams({ symbol, account: e.target.value, market })}
          data-testid="account-select"
        >
          {(accounts.length ? accounts : [{ id: 'demo', kind: 'paper', venue: 'demo', label: '' }]).map(
            (a) => (
              <option key={a.id} value={a.id}>
                {a.kind === 'paper' ? t(`accounts.${a.id}`) : `${a.label || a.venue} (${a.venue})`}
              </option>
            ),
          )}
        </select>
      </label>{' '}
      <label>
        {t('chooseMarket')}{' '}
        <select
          value={symbol}
          onChange={(e) => setParams({ symbol: e.target.value, account, market })}
          data-testid="symbol-select"
        >
          {(markets.length ? markets : [symbol]).map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      {!accounts.some((a) => a.kind === 'exchange') && (
        <Link className="exchange-link" to="/pages/trade/exchanges" data-testid="connect-exchange-link">
          {t('exchanges.manage')}
        </Link>
      )}
    </div>
  );
}

/** The last price, its 24-hour change, and the day's high, low and volume (streamed when the stream has them). */
function TradeHead({
  last,
  change,
  ticker,
  live,
  decimals,
}: {
  last: string;
  /** The market's price precision (its tick), once its rules have loaded. */
  decimals: number | undefined;
  change: string;
  ticker: MarketInfo['ticker'] | undefined;
  live: StreamTicker | undefined;
}) {
  const { t } = useTranslation('trading');
  return (
    <div className="trade-head">
      <div>
        <span className="price" data-testid="market-last">
          {formatPrice(last, decimals)}
        </span>{' '}
        <Change value={change} testId="market-change" />
      </div>
      {ticker && (
        <div className="stats">
          <span>
            {t('high')} {formatPrice(live?.high_24h ?? ticker.high_24h, decimals)}
          </span>
          <span>
            {t('low')} {formatPrice(live?.low_24h ?? ticker.low_24h, decimals)}
          </span>
          <span>
            {t('volume')} {formatTradedVolume(live?.volume_24h ?? ticker.volume_24h)}
          </span>
        </div>
      )}
    </div>
  );
}
