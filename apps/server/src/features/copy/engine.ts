import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { OrderRequest } from '../../adapters/exchange/gateway.ts';
import type { Conn, Db, Tx } from '../../db/database.ts';
import type { CopyInvestmentsTable, LeadTradersTable } from '../../db/schema-copy.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Leg, type Ledger, memberAccount, platformAccount } from '../../ledger/index.ts';
import { equityOf } from '../../adapters/exchange/paper.ts';
import { ceilDiv, parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import {
  cachedMarketSettings,
  ensurePaperAccount,
  MARKET_BY_SYMBOL,
  QUOTE,
  startBalanceUnits,
  type TradingAccounts,
} from '../trading/index.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';
import { todayOf } from '../../platform/dates.ts';
import {
  amountText,
  movePoolCash,
  PAPER_PER_MINOR,
  POOL_VENUE,
  poolHoldings,
  poolState,
  type PoolState,
  unitsFor,
  unitsToBurn,
  worthOf,
} from './pool.ts';

export type CopyDeps = { db: Db; clock: Clock; data: MarketData; trading: TradingAccounts; ledger: Ledger };
export type Trader = Selectable<LeadTradersTable>;
export type Investment = Selectable<CopyInvestmentsTable>;

const USDT = 'USDT' as const;
const DAY_MS = 86_400_000;

/** The investment's share of a profit above its high-water mark: the trader's share and the platform's fee. */
export function profitSplit(value: bigint, hwm: bigint, shareBps: number, feeBps: number) {
  const profit = value > hwm ? value - hwm : 0n;
  return {
    profit,
    share: (profit * BigInt(shareBps)) / 10_000n,
    fee: (profit * BigInt(feeBps)) / 10_000n,
  };
}

/** Legs that bring custody to an investment's value: the paper result is funded by (or returned to) `copy_pnl`. */
function trueUp(booked: bigint, value: bigint, reference: string): Leg[] {
  if (value === booked) return [];
  const up = value > booked;
  return [
    {
      debit: platformAccount(up ? 'copy_pnl' : 'copy_custody', USDT),
      credit: platformAccount(up ? 'copy_custody' : 'copy_pnl', USDT),
      amount: up ? value - booked : booked - value,
      kind: up ? 'copy_gain' : 'copy_loss',
      reference,
    },
  ];
}

/** Locks the trader's row: every change to a pool's units and cash is made under it. */
export async function lockTrader(tx: Tx, id: string): Promise<Trader> {
  const t = await tx
    .selectFrom('lead_traders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!t) throw new Refusal(404, 'copy_trader_unavailable');
  return t;
}

/**
 * Copy trading's moving parts (DECISIONS 39): the trader's pool and source accounts, mirroring each fill of the
 * source onto the pool, settlement above the high-water mark, closing (term end, stop-copy, a member's stop), and
 * the daily marks the track record is read from. `step` runs after each market-feed step on the feed's writer.
 */
export function createCopyEngine(d: CopyDeps) {
  const { db, data, ledger } = d;

  /** The trader's source (demo) and pool accounts, made when first needed (approval). */
  async function ensureAccounts(trader: Pick<Trader, 'id' | 'member_id'>) {
    const settings = await cachedMarketSettings(db);
    const source = await ensurePaperAccount(db, trader.member_id, 'demo', startBalanceUnits(settings));
    const pool = await ensurePaperAccount(db, trader.member_id, POOL_VENUE, 0n);
    // Trades from before the approval are the record, not something to copy.
    const last = await db
      .selectFrom('trade_fills')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('account_id', '=', source)
      .executeTakeFirst();
    await db
      .updateTable('lead_traders')
      .set({ source_account_id: source, pool_account_id: pool, mirror_cursor: last?.id ?? '0' })
      .where('id', '=', trader.id)
      .where('pool_account_id', 'is', null)
      .execute();
    return { source, pool };
  }

  async function stateOf(conn: Conn, t: Pick<Trader, 'pool_account_id' | 'units'>): Promise<PoolState> {
    if (!t.pool_account_id) return { equity: 0n, units: 0n, free: 0n };
    return poolState(conn, data, t.pool_account_id, BigInt(t.units));
  }

  /** The investment (with the terms it was made on), locked: always after its trader's row. */
  const lockInvestment = (tx: Tx, id: string) =>
    tx.selectFrom('copy_investments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();

  /**
   * Custody brought to the investment's value (from or back to `copy_pnl`), then the trader's share (the company
   * strategy's to the platform's fees) and the platform's fee paid out of it.
   */
  function settlementLegs(
    t: Trader,
    i: Pick<Investment, 'id' | 'booked'>,
    value: bigint,
    share: bigint,
    fee: bigint,
    date: string,
  ): Leg[] {
    const reference = `copy:${i.id}`;
    const details = { investment: i.id, date };
    const legs = trueUp(BigInt(i.booked), value, reference);
    if (share > 0n)
      legs.push({
        debit: platformAccount('copy_custody', USDT),
        credit: t.company ? platformAccount('fees', USDT) : memberAccount(t.member_id, 'reward', USDT),
        amount: share,
        kind: 'copy_profit_share',
        reference,
        details,
      });
    if (fee > 0n)
      legs.push({
        debit: platformAccount('copy_custody', USDT),
        credit: platformAccount('fees', USDT),
        amount: fee,
        kind: 'copy_fee',
        reference,
        details,
      });
    return legs;
  }

  /** A settlement's record: one per investment, date and kind. */
  async function recordSettlement(
    tx: Tx,
    r: {
      investmentId: string;
      date: string;
      kind: 'daily' | 'term' | 'close';
      value: bigint;
      hwm: bigint;
      profit: bigint;
      share: bigint;
      fee: bigint;
    },
  ) {
    await tx
      .insertInto('copy_settlements')
      .values({
        investment_id: r.investmentId,
        date: r.date,
        kind: r.kind,
        value: r.value.toString(),
        hwm_before: r.hwm.toString(),
        profit: r.profit.toString(),
        trader_share: r.share.toString(),
        platform_fee: r.fee.toString(),
        at: d.clock.now(),
      })
      .onConflict((oc) => oc.columns(['investment_id', 'date', 'kind']).doNothing())
      .execute();
  }

  async function poolGateway(t: Trader) {
    const settings = await cachedMarketSettings(db);
    return d.trading.paperGateway(t.pool_account_id!, t.member_id, 'demo', settings);
  }

  /** Places a pool order once per key (a retry after a crash finds the first one, whatever amount it had). */
  async function placeOnce(t: Trader, r: OrderRequest) {
    const first = await db
      .selectFrom('trade_orders')
      .select(['id', 'filled', 'state'])
      .where('member_id', '=', t.member_id)
      .where('idempotency_key', '=', r.idempotencyKey)
      .executeTakeFirst();
    if (first) return { id: first.id, filled: BigInt(first.filled) };
    const gw = await poolGateway(t);
    const order = await gw.createOrder(r);
    const row = await db
      .selectFrom('trade_orders')
      .select('filled')
      .where('id', '=', order.id)
      .executeTakeFirst();
    return { id: order.id, filled: BigInt(row?.filled ?? 0) };
  }

  /** Mirrors one fill of the trader's account onto the pool, scaled by the pool's equity over the trader's. */
  async function mirrorFill(
    t: Trader,
    f: {
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
    },
  ) {
    const record = async (amount: bigint, orderId: string | null, skipped: string) => {
      await db.transaction().execute(async (tx) => {
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
    };
    // Without followers the pool has nothing to mirror: only the cursor moves.
    if (BigInt(t.units) === 0n) {
      await db.updateTable('lead_traders').set({ mirror_cursor: f.id }).where('id', '=', t.id).execute();
      return;
    }
    const pool = await stateOf(db, t);
    const sourceEquity = BigInt(f.equity_after);
    if (pool.equity <= 0n || sourceEquity <= 0n) return record(0n, null, 'no_value');
    let scaled = (BigInt(f.amount) * pool.equity) / sourceEquity;
    const holdings = await poolHoldings(db, t.pool_account_id!);
    let reduceOnly = false;
    let leverage: number | undefined;
    if (f.market === 'spot') {
      if (f.side === 'sell') {
        const held = holdings.spot.find((h) => h.symbol === f.symbol)?.held ?? 0n;
        if (held === 0n) return record(0n, null, 'nothing_to_close');
        // The trader sold everything: so does the pool.
        const sourceLeft = await db
          .selectFrom('paper_balances')
          .select(['free', 'used'])
          .where('account_id', '=', t.source_account_id!)
          .where('asset', '=', f.symbol.split('/')[0]!)
          .executeTakeFirst();
        if (BigInt(sourceLeft?.free ?? 0) + BigInt(sourceLeft?.used ?? 0) === 0n || scaled > held)
          scaled = held;
      }
    } else {
      const pos = holdings.perp.find((h) => h.symbol === f.symbol);
      const sourcePos = await db
        .selectFrom('paper_positions')
        .select(['side', 'contracts', 'leverage'])
        .where('account_id', '=', t.source_account_id!)
        .where('symbol', '=', f.symbol)
        .executeTakeFirst();
      // A fill that realized a result (or a liquidation) closed some of the trader's position, maybe all of it, and
      // may have reversed it; otherwise it opened or added.
      const closing = f.pnl !== null || f.reason === 'liquidation';
      if (closing) {
        const reversed = sourcePos && (sourcePos.side === 'long') === (f.side === 'buy');
        if (!sourcePos || reversed) {
          // The trader has no position left on this side: neither has the pool.
          if (pos) {
            const all = amountText(f.symbol, pos.held);
            if (all)
              await placeOnce(t, {
                symbol: f.symbol,
                side: pos.side === 'long' ? 'sell' : 'buy',
                type: 'market',
                amount: all,
                market: 'perp',
                reduceOnly: true,
                idempotencyKey: `copy-mirror:${t.id}:${f.id}:close`,
              });
          }
          if (!reversed) return record(pos?.held ?? 0n, null, pos ? '' : 'nothing_to_close');
          // The reversed part opens on the pool too, scaled like any opening.
          const after = await stateOf(db, t);
          scaled = (BigInt(sourcePos.contracts) * after.equity) / sourceEquity;
          leverage = sourcePos.leverage;
        } else {
          if (!pos) return record(0n, null, 'nothing_to_close');
          reduceOnly = true;
          if (scaled > pos.held) scaled = pos.held;
        }
      } else {
        const order = await db
          .selectFrom('trade_orders')
          .select('leverage')
          .where('id', '=', f.order_id)
          .executeTakeFirst();
        leverage = sourcePos?.leverage ?? order?.leverage ?? 1;
      }
    }
    const amount = amountText(f.symbol, scaled);
    if (!amount) return record(0n, null, 'below_minimum');
    try {
      const order = await placeOnce(t, {
        symbol: f.symbol,
        side: f.side,
        type: 'market',
        amount,
        market: f.market,
        ...(leverage ? { leverage } : {}),
        ...(reduceOnly ? { reduceOnly } : {}),
        idempotencyKey: `copy-mirror:${t.id}:${f.id}`,
      });
      return record(order.filled, order.id, '');
    } catch (err) {
      // Prices not current: the fill is mirrored at a later step, not skipped.
      if (err instanceof Refusal && err.key !== 'market_stale') {
        const why =
          err.key === 'order_amount_min' || err.key === 'order_cost_min'
            ? 'below_minimum'
            : err.key === 'order_insufficient'
              ? 'insufficient'
              : 'refused';
        return record(0n, null, why);
      }
      throw err;
    }
  }

  /** Mirrors the source's fills after the trader's cursor, in order. */
  async function mirror(t: Trader): Promise<number> {
    if (!t.source_account_id || !t.pool_account_id) return 0;
    const fills = await db
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
      const fresh = await db
        .selectFrom('lead_traders')
        .selectAll()
        .where('id', '=', t.id)
        .executeTakeFirstOrThrow();
      try {
        await mirrorFill(fresh, f);
      } catch (err) {
        // The market's prices are not current: this fill and the ones after it wait for the next step, in order.
        if (err instanceof Refusal && err.key === 'market_stale') break;
        throw err;
      }
      done++;
    }
    return done;
  }

  /**
   * Sells the given fraction of each of the pool's holdings (rounded up to the market's step, at most what is
   * held), so that money leaving the pool leaves its positions in proportion. Slices below a market's minimum stay.
   */
  async function sellSlice(t: Trader, num: bigint, den: bigint, key: string) {
    if (den <= 0n || num <= 0n) return;
    const all = num >= den;
    const [holdings, tickers] = await Promise.all([poolHoldings(db, t.pool_account_id!), data.tickers()]);
    const slices = [
      ...holdings.spot.map((h) => ({ ...h, market: 'spot' as const, side: 'sell' as const })),
      ...holdings.perp.map((h) => ({
        symbol: h.symbol,
        held: h.held,
        market: 'perp' as const,
        side: h.side === 'long' ? ('sell' as const) : ('buy' as const),
      })),
    ];
    for (const h of slices) {
      const def = MARKET_BY_SYMBOL.get(h.symbol);
      if (!def) continue;
      const step = 10n ** BigInt(8 - def.amountDecimals);
      let units = all ? h.held : ceilDiv(ceilDiv(h.held * num, den), step) * step;
      // A slice is at least the market's minimum (amount and cost, one step more for the price to move).
      const last = tickers.find((x) => x.symbol === h.symbol)?.last;
      if (!all && last) {
        const price = parseDecimal(last, def.priceDecimals);
        const minCost = parseDecimal(def.minCost, UNIT_DECIMALS);
        const minAmount = parseDecimal(def.minAmount, def.amountDecimals);
        if (
          typeof price === 'bigint' &&
          price > 0n &&
          typeof minCost === 'bigint' &&
          typeof minAmount === 'bigint'
        ) {
          const least =
            ceilDiv(ceilDiv(minCost * 10n ** BigInt(def.priceDecimals), price), step) * step + step;
          const leastAmount = minAmount * step;
          if (units < least) units = least;
          if (units < leastAmount) units = leastAmount;
        }
      }
      if (units > h.held) units = h.held;
      const amount = amountText(h.symbol, units);
      if (!amount) continue;
      try {
        await placeOnce(t, {
          symbol: h.symbol,
          side: h.side,
          type: 'market',
          amount,
          market: h.market,
          ...(h.market === 'perp' ? { reduceOnly: true } : {}),
          idempotencyKey: `copy-${key}:${h.market}:${h.symbol}`,
        });
      } catch (err) {
        // A slice the market refuses (below its minimum) stays in the pool.
        if (!(err instanceof Refusal)) throw err;
      }
    }
  }

  /**
   * Settles an investment for a date: the value above its high-water mark pays the trader's share and the
   * platform's fee (units burned, cash out of the pool), custody brought to the value first. Once per investment,
   * date and kind (the settlement row and the operation's key). Returns what was paid, or undefined if it was
   * settled before or cannot be now.
   */
  /**
   * Settles one investment for a date once. `settledHere` tells the caller whether this call did it: a call that
   * lost the race to another run gets the first run's figures back and must not count them again.
   */
  async function settle(investmentId: string, date: string, kind: 'daily' | 'term') {
    const caller = randomUUID();
    const inv = await db
      .selectFrom('copy_investments as i')
      .innerJoin('lead_traders as t', 't.id', 'i.trader_id')
      .select([
        'i.id',
        'i.trader_id',
        'i.units',
        'i.hwm',
        'i.share_bps',
        'i.fee_bps',
        't.units as pool_units',
        't.pool_account_id',
      ])
      .where('i.id', '=', investmentId)
      .where('i.state', '=', 'active')
      .executeTakeFirst();
    if (!inv) return undefined;
    // Enough free cash for the fees first: sell that fraction of the pool's positions if needed.
    const pre = await stateOf(db, { pool_account_id: inv.pool_account_id, units: inv.pool_units });
    const split = profitSplit(worthOf(BigInt(inv.units), pre), BigInt(inv.hwm), inv.share_bps, inv.fee_bps);
    const need = (split.share + split.fee) * PAPER_PER_MINOR;
    if (need > 0n && pre.free < need) {
      const t = await db
        .selectFrom('lead_traders')
        .selectAll()
        .where('id', '=', inv.trader_id)
        .executeTakeFirstOrThrow();
      await sellSlice(t, (need * 101n) / 100n, pre.equity, `fee:${investmentId}:${date}:${kind}`);
    }
    return ledger
      .operation(
        {
          key: `copy:settle:${investmentId}:${date}:${kind}`,
          kind: 'copy_settle',
          memberId: null,
          request: { investment: investmentId, date, kind },
        },
        async (op) => {
          const t = await lockTrader(op.tx, inv.trader_id);
          const i = await lockInvestment(op.tx, investmentId);
          if (i.state !== 'active') return null;
          const done = await op.tx
            .selectFrom('copy_settlements')
            .select('investment_id')
            .where('investment_id', '=', investmentId)
            .where('date', '=', date)
            .where('kind', '=', kind)
            .executeTakeFirst();
          if (done) return null;
          const s = await stateOf(op.tx, t);
          const units = BigInt(i.units);
          const value = worthOf(units, s);
          const hwm = BigInt(i.hwm);
          const { profit, share, fee } = profitSplit(value, hwm, i.share_bps, i.fee_bps);
          const out = share + fee;
          if (out * PAPER_PER_MINOR > s.free) return null; // not enough cash in the pool yet: the next run
          const legs = settlementLegs(t, i, value, share, fee, date);
          if (legs.length > 0) await op.post(legs);
          const burn = out > 0n ? unitsToBurn(out, units, s) : 0n;
          if (out > 0n) await movePoolCash(op.tx, t.pool_account_id!, -out * PAPER_PER_MINOR);
          await op.tx
            .updateTable('lead_traders')
            .set({ units: (BigInt(t.units) - burn).toString() })
            .where('id', '=', t.id)
            .execute();
          await op.tx
            .updateTable('copy_investments')
            .set({
              units: (units - burn).toString(),
              booked: (value - out).toString(),
              hwm: (profit > 0n ? value - out : hwm).toString(),
              shared: (BigInt(i.shared) + share).toString(),
              fees: (BigInt(i.fees) + fee).toString(),
            })
            .where('id', '=', investmentId)
            .execute();
          await recordSettlement(op.tx, { investmentId, date, kind, value, hwm, profit, share, fee });
          return { share: share.toString(), fee: fee.toString(), caller };
        },
      )
      .then((paid) =>
        paid ? { share: paid.share, fee: paid.fee, settledHere: paid.caller === caller } : paid,
      );
  }

  /**
   * Ends an investment: its fraction of the pool's positions is sold, then in one operation the profit above the
   * high-water mark is shared and the rest of its value goes back to the member's trading wallet. A retry (a crash
   * between the sale and the operation) finishes it once.
   */
  async function close(investmentId: string, reason: 'term_end' | 'stop_loss' | 'member_stop' | 'retry') {
    const marked = await db
      .updateTable('copy_investments')
      .set({ state: 'closing', close_reason: reason === 'retry' ? '' : reason })
      .where('id', '=', investmentId)
      .where('state', '=', 'active')
      .returning(['id'])
      .executeTakeFirst();
    const inv = await db
      .selectFrom('copy_investments')
      .selectAll()
      .where('id', '=', investmentId)
      .executeTakeFirstOrThrow();
    if (!marked && inv.state !== 'closing') return inv;
    const t = await db
      .selectFrom('lead_traders')
      .selectAll()
      .where('id', '=', inv.trader_id)
      .executeTakeFirstOrThrow();
    await sellSlice(t, BigInt(inv.units), BigInt(t.units), `close:${investmentId}`);
    const date = todayOf(d.clock);
    await ledger.operation(
      {
        key: `copy:close:${investmentId}`,
        kind: 'copy_close',
        memberId: inv.member_id,
        request: { investment: investmentId },
      },
      async (op) => {
        const locked = await lockTrader(op.tx, inv.trader_id);
        const i = await lockInvestment(op.tx, investmentId);
        if (i.state !== 'closing') return null;
        const s = await stateOf(op.tx, locked);
        const units = BigInt(i.units);
        let value = worthOf(units, s);
        // The pool pays at most the cash it holds (a slice below a market's minimum may stay invested).
        if (value * PAPER_PER_MINOR > s.free) value = s.free > 0n ? s.free / PAPER_PER_MINOR : 0n;
        const hwm = BigInt(i.hwm);
        const { profit, share, fee } = profitSplit(value, hwm, i.share_bps, i.fee_bps);
        const back = value - share - fee;
        const legs = settlementLegs(locked, i, value, share, fee, date);
        if (back > 0n)
          legs.push({
            debit: platformAccount('copy_custody', USDT),
            credit: memberAccount(i.member_id, 'trading', USDT),
            amount: back,
            kind: 'copy_return',
            reference: `copy:${investmentId}`,
            details: { investment: investmentId, date },
          });
        if (legs.length > 0) await op.post(legs);
        await movePoolCash(op.tx, locked.pool_account_id!, -value * PAPER_PER_MINOR);
        await op.tx
          .updateTable('lead_traders')
          .set({ units: (BigInt(locked.units) - units).toString() })
          .where('id', '=', locked.id)
          .execute();
        await op.tx
          .updateTable('copy_investments')
          .set({
            // Stopped (by its loss limit or the member) or closed at the end of its term.
            state: i.close_reason === 'term_end' ? 'closed' : 'stopped',
            units: '0',
            booked: '0',
            shared: (BigInt(i.shared) + share).toString(),
            fees: (BigInt(i.fees) + fee).toString(),
            returned: back.toString(),
            closed_at: d.clock.now(),
          })
          .where('id', '=', investmentId)
          .execute();
        await recordSettlement(op.tx, { investmentId, date, kind: 'close', value, hwm, profit, share, fee });
        return { back: back.toString() };
      },
    );
    return db
      .selectFrom('copy_investments')
      .selectAll()
      .where('id', '=', investmentId)
      .executeTakeFirstOrThrow();
  }

  /** Settles every active investment for a date (the daily job, or an admin's run); records the run once. */
  async function runDaily(date: string, startedBy = 'schedule') {
    const active = await db
      .selectFrom('copy_investments')
      .select('id')
      .where('state', '=', 'active')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('copy_settlements as s')
              .select('s.investment_id')
              .whereRef('s.investment_id', '=', 'copy_investments.id')
              .where('s.date', '=', date)
              .where('s.kind', '=', 'daily'),
          ),
        ),
      )
      .orderBy('id')
      .execute();
    let count = 0;
    let shared = 0n;
    let fees = 0n;
    for (const { id } of active) {
      const paid = await settle(id, date, 'daily');
      if (!paid?.settledHere) continue;
      count++;
      shared += BigInt(paid.share);
      fees += BigInt(paid.fee);
    }
    await db
      .insertInto('copy_runs')
      .values({
        date,
        investments: count,
        shared: shared.toString(),
        fees: fees.toString(),
        started_by: startedBy,
      })
      .onConflict((oc) =>
        oc.column('date').doUpdateSet((eb) => ({
          investments: eb('copy_runs.investments', '+', count),
          shared: eb('copy_runs.shared', '+', shared.toString()),
          fees: eb('copy_runs.fees', '+', fees.toString()),
          // Who ran it: the daily job, admins (each named once).
          started_by: sql<string>`case when position(${startedBy} in copy_runs.started_by) > 0 then copy_runs.started_by else copy_runs.started_by || ', ' || ${startedBy} end`,
          at: d.clock.now(),
        })),
      )
      .execute();
    return { date, investments: count, shared, fees };
  }

  /** Investments past their term: settled, then renewed (auto-renew) or closed with their value returned. */
  async function endTerms() {
    const now = d.clock.now();
    const due = await db
      .selectFrom('copy_investments as i')
      .select(['i.id', 'i.auto_renew', 'i.ends_at', 'i.term_days'])
      .where('i.state', '=', 'active')
      .where('i.ends_at', '<=', now)
      .limit(200)
      .execute();
    for (const inv of due) {
      if (inv.auto_renew) {
        await settle(inv.id, inv.ends_at.toISOString().slice(0, 10), 'term');
        await db
          .updateTable('copy_investments')
          .set((eb) => ({
            ends_at: new Date(inv.ends_at.getTime() + inv.term_days * DAY_MS),
            renewals: eb('renewals', '+', 1),
          }))
          .where('id', '=', inv.id)
          .where('ends_at', '=', inv.ends_at)
          .execute();
      } else await close(inv.id, 'term_end');
    }
    // Closings a crash interrupted are finished.
    const closing = await db
      .selectFrom('copy_investments')
      .select('id')
      .where('state', '=', 'closing')
      .execute();
    for (const c of closing) await close(c.id, 'retry');
  }

  /** Active investments whose loss passed their limit stop: their share of the positions is closed. */
  async function stopLosses() {
    const limited = await db
      .selectFrom('copy_investments as i')
      .innerJoin('lead_traders as t', 't.id', 'i.trader_id')
      .select([
        'i.id',
        'i.units',
        'i.principal',
        'i.shared',
        'i.fees',
        'i.stop_loss_percent',
        't.pool_account_id',
        't.units as pool_units',
        'i.trader_id',
      ])
      .where('i.state', '=', 'active')
      .where('i.stop_loss_percent', '>', 0)
      .execute();
    const states = new Map<string, PoolState>();
    for (const i of limited) {
      let s = states.get(i.trader_id);
      if (!s) {
        s = await stateOf(db, { pool_account_id: i.pool_account_id, units: i.pool_units });
        states.set(i.trader_id, s);
      }
      // Profit already shared counts as the investment's: the loss is measured against what was put in.
      const value = worthOf(BigInt(i.units), s) + BigInt(i.shared) + BigInt(i.fees);
      const principal = BigInt(i.principal);
      if (value * 100n <= principal * BigInt(100 - i.stop_loss_percent)) await close(i.id, 'stop_loss');
    }
  }

  /**
   * Invests from the member's trading wallet in a package (checked by the caller): units of the pool at its value,
   * the money to custody and the same amount of paper cash into the pool, in one operation keyed by the member's key.
   */
  async function invest(r: {
    memberId: string;
    packageId: string;
    amount: bigint;
    stopLossPercent: number;
    autoRenew: boolean;
    key: string;
  }): Promise<{ id: string }> {
    const p = await db
      .selectFrom('copy_packages as p')
      .innerJoin('lead_traders as t', 't.id', 'p.trader_id')
      .select([
        'p.id',
        'p.name',
        'p.term_days',
        'p.share_bps',
        'p.fee_bps',
        'p.min_amount',
        't.id as trader_id',
        't.member_id',
        't.pool_account_id',
      ])
      .where('p.id', '=', r.packageId)
      .executeTakeFirstOrThrow();
    if (!p.pool_account_id) await ensureAccounts({ id: p.trader_id, member_id: p.member_id });
    return ledger.operation(
      {
        key: `m:${r.memberId}:${r.key}`,
        kind: 'copy_invest',
        memberId: r.memberId,
        request: {
          package: p.id,
          amount: r.amount.toString(),
          stop_loss: r.stopLossPercent,
          auto_renew: r.autoRenew,
        },
      },
      async (op) => {
        const t = await lockTrader(op.tx, p.trader_id);
        if (t.state !== 'approved') throw new Refusal(409, 'copy_trader_unavailable');
        const s = await stateOf(op.tx, t);
        if (s.units > 0n && s.equity <= 0n) throw new Refusal(409, 'copy_pool_empty');
        const units = unitsFor(r.amount, s);
        if (units <= 0n)
          throw fieldRefusal(422, 'amount', 'copy_amount_min', { min: money(p.min_amount, USDT) });
        const now = d.clock.now();
        const row = await op.tx
          .insertInto('copy_investments')
          .values({
            member_id: r.memberId,
            trader_id: t.id,
            package_id: p.id,
            state: 'active',
            principal: r.amount.toString(),
            units: units.toString(),
            booked: r.amount.toString(),
            hwm: r.amount.toString(),
            stop_loss_percent: r.stopLossPercent,
            auto_renew: r.autoRenew,
            started_at: now,
            ends_at: new Date(now.getTime() + p.term_days * DAY_MS),
            term_days: p.term_days,
            share_bps: p.share_bps,
            fee_bps: p.fee_bps,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await refuseShortfall(() =>
          op.post([
            {
              debit: memberAccount(r.memberId, 'trading', USDT),
              credit: platformAccount('copy_custody', USDT),
              amount: r.amount,
              kind: 'copy_invest',
              reference: `copy:${row.id}`,
              details: { trader: t.display_name, package: p.name },
            },
          ]),
        );
        await movePoolCash(op.tx, t.pool_account_id!, r.amount * PAPER_PER_MINOR);
        await op.tx
          .updateTable('lead_traders')
          .set({ units: (BigInt(t.units) + units).toString() })
          .where('id', '=', t.id)
          .execute();
        return { id: row.id };
      },
    );
  }

  let lastMarks = 0;
  /** The day's closing equity of each trader's account and pool (the track record and value history). */
  async function mark(force = false) {
    const now = d.clock.now();
    if (!force && now.getTime() - lastMarks < 60_000) return;
    lastMarks = now.getTime();
    const day = todayOf(d.clock);
    const tickers = await data.tickers();
    const traders = await db
      .selectFrom('lead_traders')
      .select(['source_account_id', 'pool_account_id', 'units'])
      .where('state', '=', 'approved')
      .where('source_account_id', 'is not', null)
      .execute();
    for (const t of traders) {
      for (const [account, units] of [
        [t.source_account_id!, '0'],
        [t.pool_account_id!, t.units],
      ] as const) {
        const equity = await equityOf(db, account, QUOTE, tickers, MARKET_BY_SYMBOL);
        await db
          .insertInto('copy_marks')
          .values({ account_id: account, day, equity: equity.toString(), units })
          .onConflict((oc) =>
            oc.columns(['account_id', 'day']).doUpdateSet({ equity: equity.toString(), units }),
          )
          .execute();
      }
    }
  }

  let lastDaily = '';
  /** One pass: mirror new fills, stop losses, end terms, the daily settlement once a day, the marks. */
  async function step() {
    const traders = await db
      .selectFrom('lead_traders')
      .selectAll()
      .where('state', '=', 'approved')
      .where('pool_account_id', 'is not', null)
      .execute();
    // One trader's failure does not hold up the others, nor the settlements: it is thrown at the end.
    let failure: unknown;
    for (const t of traders) await mirror(t).catch((err: unknown) => (failure ??= err));
    await stopLosses();
    await endTerms();
    const today = todayOf(d.clock);
    if (today !== lastDaily) {
      const started = await db
        .selectFrom('copy_runs')
        .select('date')
        .where('date', '=', today)
        .executeTakeFirst();
      if (!started) await runDaily(today);
      lastDaily = today;
    }
    await mark();
    if (failure) throw failure;
  }

  return {
    data,
    ensureAccounts,
    stateOf,
    invest,
    mirror,
    settle,
    close,
    runDaily,
    endTerms,
    stopLosses,
    mark,
    step,
  };
}

export type CopyEngine = ReturnType<typeof createCopyEngine>;
