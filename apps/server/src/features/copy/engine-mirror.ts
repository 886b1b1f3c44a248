import { Refusal } from '../../lib/errors.ts';
import { type CopyDeps, stateOf, type Trader } from './engine-deps.ts';
import { placeOnce } from './engine-orders.ts';
import { amountText, poolHoldings } from './pool.ts';
import { balanceOf } from '../../adapters/exchange/paper-book.ts';

/** One fill of the trader's source account, as the mirror reads it. */
type SourceFill = {
  id: string;
  order_id: string;
  symbol: string;
  market: 'spot' | 'perp';
  side: 'buy' | 'sell';
  amount: string;
  price: string;
  equity_after: string;
  pnl: string | null;
  reason: string;
};
type Holdings = Awaited<ReturnType<typeof poolHoldings>>;

/** The pool's order for a fill: its amount (1e-8 base units), and for perpetuals the leverage or reduce-only. */
type Plan = { scaled: bigint; reduceOnly?: boolean; leverage?: number };
/** A fill mirrored without a further order: what the mirror records and why (empty: done). */
type Recorded = { amount: bigint; skipped: string };

/** Records how a fill was mirrored and moves the trader's cursor past it, together. */
async function recordMirror(
  d: CopyDeps,
  t: Trader,
  f: SourceFill,
  amount: bigint,
  orderId: string | null,
  skipped: string,
) {
  await d.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('copy_mirrors')
      .values({
        trader_id: t.id,
        source_fill_id: f.id,
        symbol: f.symbol,
        market: f.market,
        side: f.side,
        source_amount: f.amount,
        amount: amount.toString(),
        price: f.price,
        order_id: orderId,
        skipped,
        at: d.clock.now(),
      })
      .onConflict((oc) => oc.columns(['trader_id', 'source_fill_id']).doNothing())
      .execute();
    await tx
      .updateTable('lead_traders')
      .set({ mirror_cursor: f.id })
      .where('id', '=', t.id)
      .where('mirror_cursor', '<', f.id)
      .execute();
  });
}

/** A spot fill: a sale is capped at what the pool holds, and is all of it when the trader sold everything. */
async function spotPlan(d: CopyDeps, t: Trader, f: SourceFill, scaled: bigint, holdings: Holdings) {
  if (f.side !== 'sell') return { scaled };
  const held = holdings.spot.find((h) => h.symbol === f.symbol)?.held ?? 0n;
  if (held === 0n) return { amount: 0n, skipped: 'nothing_to_close' };
  // The trader sold everything: so does the pool.
  const left = await balanceOf(d.db, t.source_account_id!, f.symbol.split('/')[0]!);
  if (left.free + left.used === 0n || scaled > held) return { scaled: held };
  return { scaled };
}

/** A perpetual fill: it opens or adds (at the trader's leverage), or closes some, all or past all of the position. */
async function perpPlan(
  d: CopyDeps,
  t: Trader,
  f: SourceFill,
  scaled: bigint,
  sourceEquity: bigint,
  holdings: Holdings,
): Promise<Plan | Recorded> {
  const pos = holdings.perp.find((h) => h.symbol === f.symbol);
  const sourcePos = await d.db
    .selectFrom('paper_positions')
    .select(['side', 'contracts', 'leverage'])
    .where('account_id', '=', t.source_account_id!)
    .where('symbol', '=', f.symbol)
    .executeTakeFirst();
  // A fill that realized a result (or a liquidation) closed some of the trader's position, maybe all of it, and
  // may have reversed it; otherwise it opened or added.
  const closing = f.pnl !== null || f.reason === 'liquidation';
  if (!closing) {
    const order = await d.db
      .selectFrom('trade_orders')
      .select('leverage')
      .where('id', '=', f.order_id)
      .executeTakeFirst();
    return { scaled, leverage: sourcePos?.leverage ?? order?.leverage ?? 1 };
  }
  const reversed = sourcePos && (sourcePos.side === 'long') === (f.side === 'buy');
  if (sourcePos && !reversed) {
    if (!pos) return { amount: 0n, skipped: 'nothing_to_close' };
    return { scaled: scaled > pos.held ? pos.held : scaled, reduceOnly: true };
  }
  // The trader has no position left on this side: neither has the pool.
  if (pos) {
    const all = amountText(f.symbol, pos.held);
    if (all)
      await placeOnce(d, t, {
        symbol: f.symbol,
        side: pos.side === 'long' ? 'sell' : 'buy',
        type: 'market',
        amount: all,
        market: 'perp',
        reduceOnly: true,
        idempotencyKey: `copy-mirror:${t.id}:${f.id}:close`,
      });
  }
  if (!reversed) return { amount: pos?.held ?? 0n, skipped: pos ? '' : 'nothing_to_close' };
  // The reversed part opens on the pool too, scaled like any opening.
  const after = await stateOf(d, d.db, t);
  return {
    scaled: (BigInt(sourcePos.contracts) * after.equity) / sourceEquity,
    leverage: sourcePos.leverage,
  };
}

/** Why the market refused the pool's order, as the mirror records it. */
function skippedFor(key: string) {
  if (key === 'order_amount_min' || key === 'order_cost_min') return 'below_minimum';
  return key === 'order_insufficient' ? 'insufficient' : 'refused';
}

/** Places the pool's order for a fill and records it (or why it was not placed). */
async function placeMirror(d: CopyDeps, t: Trader, f: SourceFill, plan: Plan) {
  const amount = amountText(f.symbol, plan.scaled);
  if (!amount) return recordMirror(d, t, f, 0n, null, 'below_minimum');
  try {
    const order = await placeOnce(d, t, {
      symbol: f.symbol,
      side: f.side,
      type: 'market',
      amount,
      market: f.market,
      ...(plan.leverage ? { leverage: plan.leverage } : {}),
      ...(plan.reduceOnly ? { reduceOnly: plan.reduceOnly } : {}),
      idempotencyKey: `copy-mirror:${t.id}:${f.id}`,
    });
    return recordMirror(d, t, f, order.filled, order.id, '');
  } catch (err) {
    // Prices not current: the fill is mirrored at a later step, not skipped.
    if (err instanceof Refusal && err.key !== 'market_stale')
      return recordMirror(d, t, f, 0n, null, skippedFor(err.key));
    throw err;
  }
}

/** Mirrors one fill of the trader's account onto the pool, scaled by the pool's equity over the trader's. */
async function mirrorFill(d: CopyDeps, t: Trader, f: SourceFill) {
  // Without followers the pool has nothing to mirror: only the cursor moves.
  if (BigInt(t.units) === 0n) {
    await d.db.updateTable('lead_traders').set({ mirror_cursor: f.id }).where('id', '=', t.id).execute();
    return;
  }
  const pool = await stateOf(d, d.db, t);
  const sourceEquity = BigInt(f.equity_after);
  if (pool.equity <= 0n || sourceEquity <= 0n) return recordMirror(d, t, f, 0n, null, 'no_value');
  const scaled = (BigInt(f.amount) * pool.equity) / sourceEquity;
  const holdings = await poolHoldings(d.db, t.pool_account_id!);
  const plan: Plan | Recorded =
    f.market === 'spot'
      ? await spotPlan(d, t, f, scaled, holdings)
      : await perpPlan(d, t, f, scaled, sourceEquity, holdings);
  if ('skipped' in plan) return recordMirror(d, t, f, plan.amount, null, plan.skipped);
  return placeMirror(d, t, f, plan);
}

/** Mirrors the source's fills after the trader's cursor, in order. */
export async function mirror(d: CopyDeps, t: Trader): Promise<number> {
  if (!t.source_account_id || !t.pool_account_id) return 0;
  const fills = await d.db
    .selectFrom('trade_fills')
    .select([
      'id',
      'order_id',
      'symbol',
      'market',
      'side',
      'amount',
      'price',
      'equity_after',
      'pnl',
      'reason',
    ])
    .where('account_id', '=', t.source_account_id)
    .where('id', '>', t.mirror_cursor)
    .orderBy('id')
    .limit(100)
    .execute();
  let done = 0;
  for (const f of fills) {
    const fresh = await d.db
      .selectFrom('lead_traders')
      .selectAll()
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    try {
      await mirrorFill(d, fresh, f);
    } catch (err) {
      // The market's prices are not current: this fill and the ones after it wait for the next step, in order.
      if (err instanceof Refusal && err.key === 'market_stale') break;
      throw err;
    }
    done++;
  }
  return done;
}
