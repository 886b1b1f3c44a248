import type { GatewayOrder } from '../../adapters/exchange/gateway.ts';
import { UNIT_DECIMALS, valueAt } from '../../adapters/exchange/paper-math.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { MarketDef } from '../../adapters/exchange/markets.ts';
import type { DcaAction } from './dca.ts';
import { claimAction, closeDeal, growDeal, insertBotOrder, insertDeal, shrinkDeal } from './deal-queries.ts';
import { type BotWithDeal, priceOf, unitsOf } from './model.ts';

type Acted = Exclude<DcaAction, { kind: 'too_small' }>;
type Fill = { filled: bigint; value: bigint; fee: bigint; avgPrice: string; at: Date };

/**
 * Records a filled order of the bot in one transaction: its deal opened, grown or closed, the bot's count and profit
 * moved. Guarded by the bot's action count: a decision recorded already records nothing.
 */
export async function recordFill(
  db: Db,
  now: Date,
  bot: BotWithDeal,
  action: Acted,
  order: GatewayOrder,
  def: MarketDef,
): Promise<void> {
  const filled = unitsOf(order.filled);
  const price = priceOf(order.avgPrice, def);
  const fee = unitsOf(order.fee);
  const fill = {
    filled,
    value: valueAt(filled, price, def.priceDecimals, 'down'),
    fee,
    avgPrice: order.avgPrice,
    at: now,
  };
  await db.transaction().execute(async (tx) => {
    if (!(await claimAction(tx, bot, now))) return;
    const dealId = await applyToDeal(tx, bot, action, fill, def);
    await insertBotOrder(tx, {
      bot_id: bot.id,
      deal_id: dealId,
      action: bot.actions,
      kind: action.manual ? (action.kind === 'safety' ? 'manual_entry' : 'manual_close') : action.kind,
      trade_order_id: /^\d+$/.test(order.id) ? order.id : null,
      side: action.side,
      amount: filled.toString(),
      price: order.avgPrice || null,
      fee: fee.toString(),
      at: now,
    });
  });
}

/** What the fill does to the bot's deal; the deal's id (null when the bot has none). */
async function applyToDeal(
  tx: Tx,
  bot: BotWithDeal,
  action: Acted,
  fill: Fill,
  def: MarketDef,
): Promise<string | null> {
  if (action.kind === 'base')
    return insertDeal(tx, {
      bot_id: bot.id,
      member_id: bot.member_id,
      symbol: bot.symbol,
      direction: bot.direction,
      state: 'open',
      base_price: fill.avgPrice,
      size: fill.filled.toString(),
      cost: fill.value.toString(),
      fees: fill.fee.toString(),
      opened_at: fill.at,
    });
  const deal = bot.deal;
  if (!deal) return null;
  if (action.kind === 'safety') await growDeal(tx, deal.id, fill);
  else if (BigInt(deal.size) - fill.filled >= 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals)) {
    // A close filled in part (at least one order step left): the part's gain (before fees) is realized, the
    // rest of the deal stays open (its cost in proportion) and the next tick decides on it again. Less than a
    // step left is dust no order can sell: the deal closes.
    const partCost = (BigInt(deal.cost) * fill.filled) / BigInt(deal.size);
    const gain = bot.direction === 'long' ? fill.value - partCost : partCost - fill.value;
    await shrinkDeal(tx, deal.id, { filled: fill.filled, cost: partCost, gain, fee: fill.fee });
  } else {
    const cost = BigInt(deal.cost);
    const fees = BigInt(deal.fees) + fill.fee;
    // What earlier partial closes realized, plus this close, less every fee of the deal.
    const realized = BigInt(deal.realized);
    const pnl = realized + (bot.direction === 'long' ? fill.value - cost : cost - fill.value) - fees;
    await closeDeal(tx, bot.id, deal.id, {
      reason: action.manual ? 'manual' : action.kind,
      price: fill.avgPrice,
      fees,
      pnl,
      at: fill.at,
    });
  }
  return deal.id;
}
