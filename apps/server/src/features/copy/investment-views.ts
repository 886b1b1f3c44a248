import { money } from '../../lib/amount.ts';
import { isoOrEmpty as iso } from '../../lib/clock.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { CopyEngine } from './engine.ts';
import { type InvestmentRow, memberInvestment, type PackageRow } from './invest-queries.ts';
import { percentOf, percentText, type PoolState, worthOf } from './pool.ts';

/** What the investment calls use: the money deps and the copy engine (pools, investing, closing). */
export type InvestDeps = MoneyDeps & { engine: CopyEngine };

export const USDT = 'USDT' as const;
export const isId = (v: string | undefined): v is string => typeof v === 'string' && /^\d{1,18}$/.test(v);

export const packageView = (p: PackageRow) => ({
  id: p.id,
  trader_id: p.trader_id,
  trader_name: p.trader_name,
  name: p.name,
  min_amount: money(p.min_amount, USDT),
  term_days: p.term_days,
  share_percent: percentText(p.share_bps),
  fee_percent: percentText(p.fee_bps),
  active: p.active,
});

/** Investments with their current value (one pool read per trader). */
export async function investmentViews(d: InvestDeps, rows: InvestmentRow[]) {
  const pools = new Map<string, Promise<PoolState>>();
  return Promise.all(
    rows.map(async (r) => {
      let value = 0n;
      if (r.state === 'active' || r.state === 'closing') {
        let s = pools.get(r.trader_id);
        if (!s) {
          s = d.engine.stateOf(d.db, { pool_account_id: r.pool_account_id, units: r.pool_units });
          pools.set(r.trader_id, s);
        }
        value = worthOf(BigInt(r.units), await s);
      }
      return viewOfRow(r, value);
    }),
  );
}

function viewOfRow(r: InvestmentRow, value: bigint) {
  const principal = BigInt(r.principal);
  const pnl = value + BigInt(r.returned) - principal;
  return {
    id: r.id,
    trader_id: r.trader_id,
    trader_name: r.trader_name,
    company: r.company,
    package_id: r.package_id,
    package_name: r.package_name,
    term_days: r.term_days,
    share_percent: percentText(r.share_bps),
    fee_percent: percentText(r.fee_bps),
    state: r.state,
    principal: money(principal, USDT),
    value: money(value, USDT),
    pnl: money(pnl, USDT),
    pnl_percent: percentOf(pnl, principal),
    high_water_mark: money(r.hwm, USDT),
    shared: money(r.shared, USDT),
    fees: money(r.fees, USDT),
    returned: money(r.returned, USDT),
    stop_loss_percent: r.stop_loss_percent,
    auto_renew: r.auto_renew,
    started_at: iso(r.started_at),
    ends_at: iso(r.ends_at),
    renewals: r.renewals,
    close_reason: r.close_reason,
    closed_at: iso(r.closed_at),
    userid: r.userid,
    _value: value,
    _pnl: pnl,
  };
}
export type InvestmentView = ReturnType<typeof viewOfRow>;

/** A view as the member sees it: without the userid and the raw figures. */
export const publicView = ({ userid: _u, _value, _pnl, ...v }: InvestmentView) => v;

/** The sums of the raw value and P&L of views. */
export const totalValue = (views: InvestmentView[]) => views.reduce((s, v) => s + v._value, 0n);
export const totalPnl = (views: InvestmentView[]) => views.reduce((s, v) => s + v._pnl, 0n);

export async function myInvestment(d: InvestDeps, memberId: string, id: string) {
  if (!isId(id)) throw fieldRefusal(404, 'id', 'copy_investment_not_found');
  const row = await memberInvestment(d.db, memberId, id);
  if (!row) throw fieldRefusal(404, 'id', 'copy_investment_not_found');
  return row;
}

/** The member's investment, refused once it has ended. */
export async function activeInvestment(d: InvestDeps, memberId: string, id: string) {
  const seen = await myInvestment(d, memberId, id);
  if (seen.state !== 'active') throw new Refusal(409, 'copy_not_active');
  return seen;
}

export const viewOf = async (d: InvestDeps, memberId: string, id: string) =>
  publicView((await investmentViews(d, [await myInvestment(d, memberId, id)]))[0]!);
