import { money } from '../../lib/amount.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberAccount, type OperationContext, platformAccount } from '../../ledger/index.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { cachedMarketSettings, ensurePaperAccount, startBalanceUnits } from '../trading/index.ts';
import { type CopyDeps, DAY_MS, lockTrader, stateOf, type Trader, USDT } from './engine-deps.ts';
import { movePoolCash, PAPER_PER_MINOR, POOL_VENUE, unitsFor } from './pool.ts';

export type InvestRequest = {
  memberId: string;
  packageId: string;
  amount: bigint;
  stopLossPercent: number;
  autoRenew: boolean;
  key: string;
};

/** The trader's source (demo) and pool accounts, made when first needed (approval). */
export async function ensureAccounts(d: CopyDeps, trader: Pick<Trader, 'id' | 'member_id'>) {
  const { db } = d;
  const settings = await cachedMarketSettings(db);
  const source = await ensurePaperAccount(
    db,
    trader.member_id,
    'demo',
    startBalanceUnits(settings),
    d.clock.now(),
  );
  const pool = await ensurePaperAccount(db, trader.member_id, POOL_VENUE, 0n, d.clock.now());
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

/** The package invested in, with the terms it gives and its trader's pool. */
function packageOf(d: CopyDeps, packageId: string) {
  return d.db
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
    .where('p.id', '=', packageId)
    .executeTakeFirstOrThrow();
}
type Package = Awaited<ReturnType<typeof packageOf>>;

/**
 * The investment inside its operation, under the trader's lock: units at the pool's value, the money from the
 * trading wallet to custody and the same amount of paper cash into the pool.
 */
async function investLocked(d: CopyDeps, op: OperationContext, r: InvestRequest, p: Package) {
  const t = await lockTrader(op.tx, p.trader_id);
  if (t.state !== 'approved') throw new Refusal(409, 'copy_trader_unavailable');
  const s = await stateOf(d, op.tx, t);
  if (s.units > 0n && s.equity <= 0n) throw new Refusal(409, 'copy_pool_empty');
  const units = unitsFor(r.amount, s);
  if (units <= 0n) throw fieldRefusal(422, 'amount', 'copy_amount_min', { min: money(p.min_amount, USDT) });
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
}

/**
 * Invests from the member's trading wallet in a package (checked by the caller): units of the pool at its value,
 * the money to custody and the same amount of paper cash into the pool, in one operation keyed by the member's key.
 */
export async function invest(d: CopyDeps, r: InvestRequest): Promise<{ id: string }> {
  const p = await packageOf(d, r.packageId);
  if (!p.pool_account_id) await ensureAccounts(d, { id: p.trader_id, member_id: p.member_id });
  return d.ledger.operation(
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
    (op) => investLocked(d, op, r, p),
  );
}
