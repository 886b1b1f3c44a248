import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { type Leg, memberAccount, type OperationContext, platformAccount } from '../../ledger/index.ts';
import {
  type CopyDeps,
  type Investment,
  lockInvestment,
  lockTrader,
  stateOf,
  type Trader,
  USDT,
} from './engine-deps.ts';
import { sellSlice } from './engine-orders.ts';
import { movePoolCash, PAPER_PER_MINOR, unitsToBurn, worthOf } from './pool.ts';

type SettleKind = 'daily' | 'term';

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

/**
 * Custody brought to the investment's value (from or back to `copy_pnl`), then the trader's share (the company
 * strategy's to the platform's fees) and the platform's fee paid out of it.
 */
export function settlementLegs(
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
export async function recordSettlement(
  d: CopyDeps,
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

/**
 * The active investment to settle, after selling enough of the pool's positions for its share and fee to be paid
 * in free cash. Undefined when it is not active.
 */
async function sellForFees(d: CopyDeps, investmentId: string, date: string, kind: SettleKind) {
  const inv = await d.db
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
  const pre = await stateOf(d, d.db, { pool_account_id: inv.pool_account_id, units: inv.pool_units });
  const split = profitSplit(worthOf(BigInt(inv.units), pre), BigInt(inv.hwm), inv.share_bps, inv.fee_bps);
  const need = (split.share + split.fee) * PAPER_PER_MINOR;
  if (need > 0n && pre.free < need) {
    const t = await d.db
      .selectFrom('lead_traders')
      .selectAll()
      .where('id', '=', inv.trader_id)
      .executeTakeFirstOrThrow();
    await sellSlice(d, t, (need * 101n) / 100n, pre.equity, `fee:${investmentId}:${date}:${kind}`);
  }
  return inv;
}

/**
 * The settlement inside its operation, under the trader's and the investment's locks: share and fee paid, units
 * burned for them, cash out of the pool, the high-water mark moved up. Null if settled before or short of cash.
 */
async function settleLocked(
  d: CopyDeps,
  op: OperationContext,
  r: { investmentId: string; traderId: string; date: string; kind: SettleKind; caller: string },
) {
  const { investmentId, date, kind } = r;
  const t = await lockTrader(op.tx, r.traderId);
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
  const s = await stateOf(d, op.tx, t);
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
  await recordSettlement(d, op.tx, { investmentId, date, kind, value, hwm, profit, share, fee });
  return { share: share.toString(), fee: fee.toString(), caller: r.caller };
}

/**
 * Settles an investment for a date: the value above its high-water mark pays the trader's share and the
 * platform's fee (units burned, cash out of the pool), custody brought to the value first. Once per investment,
 * date and kind (the settlement row and the operation's key). Returns what was paid, or undefined if it was
 * settled before or cannot be now. `settledHere` tells the caller whether this call did it: a call that lost the
 * race to another run gets the first run's figures back and must not count them again.
 */
export async function settle(d: CopyDeps, investmentId: string, date: string, kind: SettleKind) {
  const caller = randomUUID();
  const inv = await sellForFees(d, investmentId, date, kind);
  if (!inv) return undefined;
  return d.ledger
    .operation(
      {
        key: `copy:settle:${investmentId}:${date}:${kind}`,
        kind: 'copy_settle',
        memberId: null,
        request: { investment: investmentId, date, kind },
      },
      (op) => settleLocked(d, op, { investmentId, traderId: inv.trader_id, date, kind, caller }),
    )
    .then((paid) =>
      paid ? { share: paid.share, fee: paid.fee, settledHere: paid.caller === caller } : paid,
    );
}

/** Settles every active investment for a date (the daily job, or an admin's run); records the run once. */
export async function runDaily(d: CopyDeps, date: string, startedBy = 'schedule') {
  const active = await d.db
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
    const paid = await settle(d, id, date, 'daily');
    if (!paid?.settledHere) continue;
    count++;
    shared += BigInt(paid.share);
    fees += BigInt(paid.fee);
  }
  await d.db
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
