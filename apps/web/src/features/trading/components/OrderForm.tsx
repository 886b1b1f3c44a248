import type { RequestOf, ResponseOf } from '@mp/contract';
import {
  type demoBalance,
  MARKET_KINDS,
  type MarketKind,
  type marketInfo,
  PERP,
  type saveOrder,
} from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { formatFigure, formatPrice } from '../../../lib/price.ts';
import { useSubmissionKey } from '../../../lib/submissionKey.ts';
import { balanceQuery, infoQuery, placeOrder, positionsQuery, tradingKeys } from '../api.ts';

type Side = 'buy' | 'sell';
type OrderType = 'market' | 'limit';
type OrderRequest = Omit<RequestOf<typeof saveOrder>, 'idempotency_key'>;
type MarketInfo = ResponseOf<typeof marketInfo>;
type Balance = ResponseOf<typeof demoBalance>;
type OrderFormProps = {
  account: string;
  symbol: string;
  last: string;
  initialSide: Side;
  market: MarketKind;
  onMarket: (m: MarketKind) => void;
};

const sideColor = (s: Side) => (s === 'buy' ? 'success' : 'danger');
const LEVERAGES = [1, 2, 3, 5, 10, PERP.maxLeverage] as const;

/**
 * The order form of one market and account: spot or perpetual, side, leverage (a perpetual's; an open position's
 * own), market or limit, the amount, what is available, the estimate and fee, and Place order.
 */
export function OrderForm({ account, symbol, last, initialSide, market, onMarket }: OrderFormProps) {
  const { t } = useTranslation('trading');
  const info = useQuery(infoQuery(symbol, account)).data;
  const balance = useQuery(balanceQuery(account)).data;
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<OrderType>('market');
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState('');
  const [leverage, setLeverage] = useState(5);
  const position = useQuery({ ...positionsQuery(account), enabled: market === 'perp' }).data?.list.find(
    (p) => p.symbol === symbol,
  );
  const { busy, place } = usePlaceOrder();
  if (!info) return <LoadingBlock lines={3} />;
  const perp = market === 'perp';
  // An order on an open position takes the position's leverage.
  const lev = perp ? (position?.leverage ?? leverage) : 1;
  const { base } = info.market;
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
  const submit = () => place(request, () => setAmount(''));
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
      {perp && <LeveragePicker lev={lev} positionLeverage={position?.leverage} onChange={setLeverage} />}
      <Choice
        options={['market', 'limit'] as const}
        value={type}
        onChange={setType}
        label={t('limit')}
        testId="type"
      />
      <OrderInputs
        info={info}
        type={type}
        last={last}
        price={price}
        onPrice={setPrice}
        amount={amount}
        onAmount={setAmount}
      />
      <OrderHints
        info={info}
        balance={balance}
        order={{ side, type, amount, price, perp, lev }}
        last={last}
      />
      <PlaceButton side={side} perp={perp} base={base} lev={lev} busy={busy} disabled={!amount} />
    </form>
  );
}

/**
 * Places an order; the same request sent again (after a timeout or refusal) keeps its idempotency key.
 * `onPlaced` runs once it is placed, before the trading queries refresh.
 */
function usePlaceOrder() {
  const client = useQueryClient();
  const keys = useSubmissionKey();
  const [busy, setBusy] = useState(false);
  const place = async (request: OrderRequest, onPlaced: () => void) => {
    setBusy(true);
    try {
      const res = await placeOrder({ ...request, idempotency_key: keys.keyFor(request) });
      keys.settled();
      showToast(res.msg);
      onPlaced();
      await client.invalidateQueries({ queryKey: tradingKeys.all });
    } catch {
      // The api client showed the refusal.
    } finally {
      setBusy(false);
    }
  };
  return { busy, place };
}

/** Submits the order; its words say what it places (side, base asset, a perpetual's leverage). */
function PlaceButton({
  side,
  perp,
  base,
  lev,
  busy,
  disabled,
}: {
  side: Side;
  perp: boolean;
  base: string;
  lev: number;
  busy: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('trading');
  return (
    <Button
      type="submit"
      block
      color={side === 'buy' ? 'success' : 'danger'}
      loading={busy}
      disabled={disabled}
      data-testid="order-submit"
    >
      {perp ? t(`perp.place.${side}`, { base, leverage: lev }) : t('placeOrder', { side: t(side), base })}
    </Button>
  );
}

/**
 * A row of buttons choosing one of `options` (market kind, side, order type): the chosen one is filled in its
 * colour (the side's green or red, else the app's orange), the others plain, so the choice reads at a glance.
 */
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
          color={value !== o ? 'default' : colorOf ? colorOf(o) : 'primary'}
          fill="solid"
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

/** A perpetual's leverage; with an open position only the position's own can be chosen. */
function LeveragePicker({
  lev,
  positionLeverage,
  onChange,
}: {
  lev: number;
  positionLeverage: number | undefined;
  onChange: (leverage: number) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <>
      <fieldset className="tf-picker" aria-label={t('perp.leverage')} data-testid="leverage">
        {LEVERAGES.map((x) => (
          <button
            key={x}
            type="button"
            aria-pressed={lev === x}
            disabled={positionLeverage !== undefined && positionLeverage !== x}
            onClick={() => onChange(x)}
            data-testid={`leverage-${x}`}
          >
            {x}x
          </button>
        ))}
      </fieldset>
      <p className="hint">
        {positionLeverage !== undefined ? t('perp.leverageOfPosition', { leverage: lev }) : t('perp.hint')}
      </p>
    </>
  );
}

/** The limit price (or a note that a market order takes the market's), and the amount. */
function OrderInputs({
  info,
  type,
  last,
  price,
  onPrice,
  amount,
  onAmount,
}: {
  info: MarketInfo;
  type: OrderType;
  last: string;
  price: string;
  onPrice: (price: string) => void;
  amount: string;
  onAmount: (amount: string) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <>
      {type === 'limit' ? (
        <label>
          {t('price', { asset: info.market.quote })}
          <input
            id="order-price"
            inputMode="decimal"
            value={price}
            onChange={(e) => onPrice(e.target.value)}
            placeholder={last}
          />
        </label>
      ) : (
        <p className="hint">{t('marketPriceHint')}</p>
      )}
      <label>
        {t('amount', { asset: info.market.base })}
        <input
          id="order-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => onAmount(e.target.value)}
          placeholder={info.market.min_amount}
        />
      </label>
    </>
  );
}

/**
 * What the account has free to trade with, and the order's estimated value (a perpetual's margin) and fee: at the
 * limit price, or at the last price with the spread.
 */
function OrderHints({
  info,
  balance,
  order,
  last,
}: {
  info: MarketInfo;
  balance: Balance | undefined;
  order: { side: Side; type: OrderType; amount: string; price: string; perp: boolean; lev: number };
  last: string;
}) {
  const { t } = useTranslation('trading');
  const { side, type, amount, price, perp, lev } = order;
  const { base, quote } = info.market;
  const spread = info.spread_bps / 10_000;
  const ref =
    type === 'limit' && price ? Number(price) : Number(last) * (side === 'buy' ? 1 + spread : 1 - spread);
  const value = Number(amount) > 0 ? Number(amount) * ref : 0;
  const fee = (value * info.fee_bps) / 10_000;
  const free = (asset: string) => balance?.balances.find((b) => b.asset === asset)?.free ?? '0';
  return (
    <>
      {/* USDT in cents; a coin at its own digits (data-exact: the figures check passes it). */}
      <p className="hint" data-testid="order-available" data-exact>
        {t(
          'available',
          side === 'buy' || perp
            ? { amount: formatFigure(free(quote), quote), asset: quote }
            : { amount: formatFigure(free(base), base), asset: base },
        )}
      </p>
      <p className="hint" data-testid="order-estimate">
        {perp
          ? t('perp.estimate', { value: cents(value), margin: cents(value / lev), asset: quote })
          : t('estimate', { side: t(side), value: cents(value), asset: quote })}{' '}
        · {t('fee', { bps: info.fee_bps, value: formatPrice(fee.toFixed(4)), asset: quote })}
      </p>
    </>
  );
}

/** An estimate (a number worked out here, not money moved) in cents with the language's separators. */
const cents = (value: number) => formatPrice(value.toFixed(2));
