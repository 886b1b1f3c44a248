import { memberAccount, type OperationContext, platformAccount } from '../../ledger/index.ts';
import { todayOf } from '../../platform/dates.ts';
import {
  type CopyDeps,
  DAY_MS,
  type Investment,
  lockInvestment,
  lockTrader,
  stateOf,
  USDT,
} from './engine-deps.ts';
import { sellSlice } from './engine-orders.ts';
import { profitSplit, recordSettlement, settle, settlementLegs } from './engine-settle.ts';
import { movePoolCash, PAPER_PER_MINOR, type PoolState, worthOf } from './pool.ts';

/**
 * The closing inside its operation, under the trader's and the investment's locks: the profit above the
 * high-water mark shared, the rest of the value back to the member's trading wallet, the units and cash out of
 * the pool. Null if another call closed it first.
 */
async function closeLocked(d: CopyDeps, op: OperationContext, inv: Investment, date: string) {
  const investmentId = inv.id;
  const locked = await lockTrader(op.tx, inv.trader_id);
  const i = await lockInvestment(op.tx, investmentId);
  if (i.state !== 'closing') return null;
  const s = await stateOf(d, op.tx, locked);
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
  await recordSettlement(d, op.tx, { investmentId, date, kind: 'close', value, hwm, profit, share, fee });
  return { back: back.toString() };
}

/**
 * Ends an investment: its fraction of the pool's positions is sold, then in one operation the profit above the
 * high-water mark is shared and the rest of its value goes back to the member's trading wallet. A retry (a crash
 * between the sale and the operation) finishes it once.
 */
export async function close(
  d: CopyDeps,
  investmentId: string,
  reason: 'term_end' | 'stop_loss' | 'member_stop' | 'retry',
) {
  const { db } = d;
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
  await sellSlice(d, t, BigInt(inv.units), BigInt(t.units), `close:${investmentId}`);
  const date = todayOf(d.clock);
  await d.ledger.operation(
    {
      key: `copy:close:${investmentId}`,
      kind: 'copy_close',
      memberId: inv.member_id,
      request: { investment: investmentId },
    },
    (op) => closeLocked(d, op, inv, date),
  );
  return db
    .selectFrom('copy_investments')
    .selectAll()
    .where('id', '=', investmentId)
    .executeTakeFirstOrThrow();
}

/** Investments past their term: settled, then renewed (auto-renew) or closed with their value returned. */
export async function endTerms(d: CopyDeps) {
  const { db } = d;
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
      await settle(d, inv.id, inv.ends_at.toISOString().slice(0, 10), 'term');
      await db
        .updateTable('copy_investments')
        .set((eb) => ({
          ends_at: new Date(inv.ends_at.getTime() + inv.term_days * DAY_MS),
          renewals: eb('renewals', '+', 1),
        }))
        .where('id', '=', inv.id)
        .where('ends_at', '=', inv.ends_at)
        .execute();
    } else await close(d, inv.id, 'term_end');
  }
  // Closings a crash interrupted are finished.
  const closing = await db
    .selectFrom('copy_investments')
    .select('id')
    .where('state', '=', 'closing')
    .execute();
  for (const c of closing) await close(d, c.id, 'retry');
}

/** Active investments whose loss passed their limit stop: their share of the positions is closed. */
export async function stopLosses(d: CopyDeps) {
  const limited = await d.db
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
      s = await stateOf(d, d.db, { pool_account_id: i.pool_account_id, units: i.pool_units });
      states.set(i.trader_id, s);
    }
    // Profit already shared counts as the investment's: the loss is measured against what was put in.
    const value = worthOf(BigInt(i.units), s) + BigInt(i.shared) + BigInt(i.fees);
    const principal = BigInt(i.principal);
    if (value * 100n <= principal * BigInt(100 - i.stop_loss_percent)) await close(d, i.id, 'stop_loss');
  }
}
