import {
  CANDLE_SECONDS,
  CANDLE_TIMEFRAMES,
  type CandleTimeframe,
  MARKET_KINDS,
  type MarketKind,
  PERP,
} from '@mp/contract/web';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { useSubmissionKey } from '../../../lib/submissionKey.ts';
import {
  accountsQuery,
  balanceQuery,
  candlesQuery,
  infoQuery,
  marketsQuery,
  placeOrder,
  positionsQuery,
  tradingKeys,
} from '../api.ts';
import { CandleChart } from '../components/CandleChart.tsx';
import { Change } from '../components/Change.tsx';
import { OpenOrders } from '../components/OpenOrders.tsx';
import { Positions } from '../components/Positions.tsx';
import { SimulatedNote } from '../components/SimulatedNote.tsx';
import { changeOf, useTickers } from '../useTickers.ts';
import '../trading.css';

/** A row of buttons choosing one of `options` (side, order type). */
function Choice<T extends string>({
  options,
  value,
  onChange,
  label,
  testId,
  colorOf,
  labelOf,
}: {
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: string;
  testId: string;
  colorOf?: (v: T) => 'success' | 'danger';
  /** The button's text for an option (default: the option's own word). */
  labelOf?: (v: T) => string;
}) {
  const { t } = useTranslation('trading');
  return (
    <fieldset className="row" aria-label={label}>
      {options.map((o) => (
        <Button
          key={o}
          color={value === o && colorOf ? colorOf(o) : 'default'}
          fill={value === o || colorOf ? 'solid' : 'outline'}
          aria-pressed={value === o}
          onClick={() => onChange(o)}
          data-testid={`${testId}-${o}`}
        >
          {labelOf ? labelOf(o) : t(o)}
        </Button>
      ))}
    </fieldset>
  );
}

const sideColor = (s: 'buy' | 'sell') => (s === 'buy' ? 'success' : 'danger');
const LEVERAGES = [1, 2, 3, 5, 10, PERP.maxLeverage] as const;

function OrderForm({
  account,
  symbol,
  last,
  initialSide,
  market,
  onMarket,
}: {
  account: string;
  symbol: string;
  last: string;
  initialSide: 'buy' | 'sell';
  market: MarketKind;
  onMarket: (m: MarketKind) => void;
}) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const keys = useSubmissionKey();
  const info = useQuery(infoQuery(symbol, account)).data;
  const balance = useQuery(balanceQuery(account)).data;
  const [side, setSide] = useState<'buy' | 'sell'>(initialSide);
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState('');
  const [leverage, setLeverage] = useState(5);
  const [busy, setBusy] = useState(false);
  const position = useQuery({ ...positionsQuery(account), enabled: market === 'perp' }).data?.list.find(
    (p) => p.symbol === symbol,
  );
  if (!info) return <LoadingBlock lines={3} />;
  const perp = market === 'perp';
  // An order on an open position takes the position's leverage.
  const lev = perp ? (position?.leverage ?? leverage) : 1;
  const { base, quote } = info.market;
  const spread = info.spread_bps / 10_000;
  const ref =
    type === 'limit' && price ? Number(price) : Number(last) * (side === 'buy' ? 1 + spread : 1 - spread);
  const value = Number(amount) > 0 ? Number(amount) * ref : 0;
  const fee = (value * info.fee_bps) / 10_000;
  const free = (asset: string) => balance?.balances.find((b) => b.asset === asset)?.free ?? '0';
  const submit = async () => {
    const request = {
      account,
      symbol,
      side,
      type,
      amount,
      price: type === 'limit' ? price : undefined,
      market,
      leverage: lev,
    };
    setBusy(true);
    try {
      const res = await placeOrder({ ...request, idempotency_key: keys.keyFor(request) });
      keys.settled();
      showToast(res.msg);
      setAmount('');
      await client.invalidateQueries({ queryKey: tradingKeys.all });
    } catch {
      // The api client showed the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="order-form"
      aria-label={t('trade')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Choice
        options={MARKET_KINDS}
        value={market}
        onChange={onMarket}
        label={t('perp.marketKind')}
        testId="market-kind"
        labelOf={(m) => t(`perp.kind.${m}`)}
      />
      <Choice
        options={['buy', 'sell'] as const}
        value={side}
        onChange={setSide}
        label={t('trade')}
        testId="side"
        colorOf={sideColor}
        labelOf={(s) => (perp ? t(`perp.sideLabel.${s}`) : t(s))}
      />
      {perp && (
        <fieldset className="tf-picker" aria-label={t('perp.leverage')} data-testid="leverage">
          {LEVERAGES.map((x) => (
            <button
              key={x}
              type="button"
              aria-pressed={lev === x}
              disabled={position !== undefined && position.leverage !== x}
              onClick={() => setLeverage(x)}
              data-testid={`leverage-${x}`}
            >
              {x}x
            </button>
          ))}
        </fieldset>
      )}
      {perp && (
        <p className="hint">{position ? t('perp.leverageOfPosition', { leverage: lev }) : t('perp.hint')}</p>
      )}
      <Choice
        options={['market', 'limit'] as const}
        value={type}
        onChange={setType}
        label={t('limit')}
        testId="type"
      />
      {type === 'limit' ? (
        <label>
          {t('price', { asset: quote })}
          <input
            id="order-price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            placeholder={last}
          />
        </label>
      ) : (
        <p className="hint">{t('marketPriceHint')}</p>
      )}
      <label>
        {t('amount', { asset: base })}
        <input
          id="order-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={info.market.min_amount}
        />
      </label>
      <p className="hint" data-testid="order-available">
        {t(
          'available',
          side === 'buy' || perp
            ? { amount: free(quote), asset: quote }
            : { amount: free(base), asset: base },
        )}
      </p>
      <p className="hint" data-testid="order-estimate">
        {perp
          ? t('perp.estimate', { value: value.toFixed(2), margin: (value / lev).toFixed(2), asset: quote })
          : t('estimate', { side: t(side), value: value.toFixed(2), asset: quote })}{' '}
        · {t('fee', { bps: info.fee_bps, value: fee.toFixed(4), asset: quote })}
      </p>
      <Button
        type="submit"
        block
        color={side === 'buy' ? 'success' : 'danger'}
        loading={busy}
        disabled={!amount}
        data-testid="order-submit"
      >
        {perp ? t(`perp.place.${side}`, { base, leverage: lev }) : t('placeOrder', { side: t(side), base })}
      </Button>
    </form>
  );
}

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
      <div className="trade-head">
        <div>
          <span className="price" data-testid="market-last">
            {last}
          </span>{' '}
          <Change value={change} testId="market-change" />
        </div>
        {ticker && (
          <div className="stats">
            <span>
              {t('high')} {live?.high_24h ?? ticker.high_24h}
            </span>
            <span>
              {t('low')} {live?.low_24h ?? ticker.low_24h}
            </span>
            <span>
              {t('volume')} {Number(live?.volume_24h ?? ticker.volume_24h).toLocaleString()}
            </span>
          </div>
        )}
      </div>
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
          key={`${account}-${symbol}`}
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
