import { formatAmount, type Language, translate } from '@mp/contract';
import { formatUnits, parseDecimal, valueAt } from '../../adapters/exchange/paper-math.ts';
import { money } from '../../lib/amount.ts';
import type { MarketDef, TickerRow } from '../../adapters/exchange/markets.ts';
import { MARKET_BY_SYMBOL, paperAccountName, QUOTE } from '../trading/index.ts';
import {
  averageEntry,
  dealBudget,
  type DcaSettings,
  safetyPrice,
  stopLossPrice,
  takeProfitPrice,
} from './dca.ts';
import { type BotWithDeal, type DealRow, dealOf, marketRules, settingsOf } from './model.ts';
import type { BotSubscription } from './settings.ts';

const percentText = (bps: number) => formatAmount(BigInt(bps), 2);
const scaleText = (thousandths: number) => formatAmount(BigInt(thousandths), 3);

/** A bot as members see it: its settings as typed, its state and error in their language, its open deal. */
export function botView(b: BotWithDeal, ticker: TickerRow | undefined, lang: Language) {
  const def = MARKET_BY_SYMBOL.get(b.symbol);
  const s = settingsOf(b);
  return {
    id: b.id,
    name: b.name || `${b.symbol} DCA`,
    account: b.accountKind === 'paper' ? paperAccountName(b.venue) : b.account_id,
    symbol: b.symbol,
    market: b.market,
    direction: b.direction,
    leverage: b.leverage,
    order_type: b.order_type,
    base_order: formatUnits(b.base_quote),
    safety_order: formatUnits(b.safety_quote),
    max_safety: b.max_safety,
    deviation_percent: percentText(b.deviation_bps),
    step_scale: scaleText(b.step_scale),
    volume_scale: scaleText(b.volume_scale),
    take_profit_percent: percentText(b.take_profit_bps),
    stop_loss_percent: percentText(b.stop_loss_bps),
    budget: formatUnits(dealBudget(s)),
    state: b.state,
    error: b.error ? translate(b.error, lang, b.error_values ?? {}) : '',
    deals_closed: b.deals_closed,
    profit: formatUnits(b.profit),
    quote: QUOTE,
    deal: b.deal && def ? dealView(b, b.deal, s, def, ticker) : null,
    updated_at: b.updated_at.toISOString(),
  };
}

/** The bot's open deal at the last price (its base price before there is one). */
function dealView(
  b: BotWithDeal,
  deal: DealRow,
  s: DcaSettings,
  def: MarketDef,
  ticker: TickerRow | undefined,
) {
  const dd = dealOf(deal, def);
  const rules = marketRules(def);
  const last = ticker ? (parseDecimal(ticker.last, def.priceDecimals) as bigint) : dd.basePrice;
  const value = valueAt(dd.size, last, def.priceDecimals, 'down');
  const fmt = (p: bigint) => formatAmount(p, def.priceDecimals, def.priceDecimals);
  const sl = stopLossPrice(s, dd);
  return {
    id: deal.id,
    size: formatUnits(dd.size),
    cost: formatUnits(dd.cost),
    average_price: fmt(averageEntry(dd, rules)),
    safety_filled: dd.safetyFilled,
    take_profit_price: fmt(takeProfitPrice(s, dd, rules)),
    next_safety_price: dd.safetyFilled < s.maxSafety ? fmt(safetyPrice(s, dd, dd.safetyFilled + 1)) : '',
    stop_loss_price: sl === undefined ? '' : fmt(sl),
    last_price: fmt(last),
    unrealized_pnl: formatUnits(
      (b.direction === 'long' ? value - dd.cost : dd.cost - value) - BigInt(deal.fees),
    ),
    opened_at: deal.opened_at.toISOString(),
  };
}

export function subscriptionView(sub: BotSubscription) {
  return {
    fee: money(sub.fee, 'USDT'),
    days: sub.days,
    paid_until: sub.paidUntil ? sub.paidUntil.toISOString() : '',
    active: sub.active,
  };
}
