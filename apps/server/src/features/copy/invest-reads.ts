import type {
  getMyTrade,
  getTradeDetails,
  memberTraderList,
  ParsedRequestOf,
  tradePackage,
  traderList,
} from '@mp/contract';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { todayOf } from '../../platform/dates.ts';
import {
  activeInvestmentIn,
  approvedTraders,
  countMemberInvestments,
  investmentQuery,
  listedTrader,
  mirrorsDuring,
  packageQuery,
  recentFills,
  settlementsOf,
} from './invest-queries.ts';
import {
  type InvestDeps,
  investmentViews,
  isId,
  myInvestment,
  packageView,
  publicView,
  totalPnl,
  totalValue,
  USDT,
} from './investment-views.ts';
import { percentOf } from './pool.ts';
import { traderCards } from './record.ts';

/** The approved traders' cards, company first, then by the chosen figure (30-day return by default). */
export async function listTraders(
  d: InvestDeps,
  { page, pagesize, sort }: ParsedRequestOf<typeof traderList>,
) {
  const cards = await traderCards(d.db, d.engine.data, await approvedTraders(d.db), d.clock.now());
  const key = sort ?? 'roi_30d';
  const num = (c: (typeof cards)[number]) =>
    key === 'followers' ? c.followers : key === 'aum' ? Number(c.aum) : Number(c.roi_30d);
  cards.sort((a, b) => Number(b.company) - Number(a.company) || num(b) - num(a));
  const offset = (page - 1) * pagesize;
  return { list: cards.slice(offset, offset + pagesize), page, pagesize, total: cards.length };
}

/** One trader's card, their last trades, and whether the member follows them. */
export async function traderDetails(
  d: InvestDeps,
  memberId: string,
  { id }: ParsedRequestOf<typeof memberTraderList>,
) {
  const t = isId(id) ? await listedTrader(d.db, id) : undefined;
  if (!t) throw fieldRefusal(404, 'id', 'copy_trader_unavailable');
  const [[card], trades, following] = await Promise.all([
    traderCards(d.db, d.engine.data, [t], d.clock.now()),
    recentFills(d.db, t.source_account_id!),
    activeInvestmentIn(d.db, t.id, memberId),
  ]);
  return {
    trader: card!,
    trades: trades.map((f) => ({
      id: f.id,
      symbol: f.symbol,
      market: f.market,
      side: f.side,
      amount: formatUnits(f.amount),
      price: f.price,
      pnl: f.pnl === null ? '' : formatUnits(f.pnl),
      at: f.at.toISOString(),
    })),
    following: Boolean(following),
  };
}

/** A trader's active packages (the company strategy's without one) and the member's trading wallet. */
export async function packagesFor(
  d: InvestDeps,
  memberId: string,
  { trader_id }: ParsedRequestOf<typeof tradePackage>,
) {
  let q = packageQuery(d.db).where('p.active', '=', true).where('t.state', '=', 'approved');
  if (trader_id) {
    if (!isId(trader_id)) throw fieldRefusal(404, 'trader_id', 'copy_trader_unavailable');
    q = q.where('t.id', '=', trader_id);
  } else q = q.where('t.company', '=', true);
  const [rows, wallet] = await Promise.all([
    q.orderBy('p.min_amount').orderBy('p.id').execute(),
    d.ledger.memberBalance(d.db, memberId, 'trading', USDT),
  ]);
  return { list: rows.map(packageView), trading_available: money(wallet.available, USDT) };
}

/** The member's investments (active, ended or all), newest first, with the active ones' totals. */
export async function myInvestments(
  d: InvestDeps,
  memberId: string,
  { page, pagesize, state }: ParsedRequestOf<typeof getMyTrade>,
) {
  const states =
    state === 'active'
      ? (['active', 'closing'] as const)
      : state === 'ended'
        ? (['stopped', 'closed'] as const)
        : (['active', 'closing', 'stopped', 'closed'] as const);
  const base = investmentQuery(d.db).where('i.member_id', '=', memberId).where('i.state', 'in', states);
  const [rows, count, active] = await Promise.all([
    base
      .orderBy('i.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    countMemberInvestments(d.db, memberId, states),
    investmentQuery(d.db).where('i.member_id', '=', memberId).where('i.state', '=', 'active').execute(),
  ]);
  const activeViews = await investmentViews(d, active);
  return {
    list: (await investmentViews(d, rows)).map(publicView),
    page,
    pagesize,
    total: Number(count.n),
    total_value: money(totalValue(activeViews), USDT),
    total_pnl: money(totalPnl(activeViews), USDT),
  };
}

/** One investment: its view, its share of the pool, its daily values, settlements and mirrored trades. */
export async function investmentDetails(
  d: InvestDeps,
  memberId: string,
  { id }: ParsedRequestOf<typeof getTradeDetails>,
) {
  const row = await myInvestment(d, memberId, id);
  const [view] = await investmentViews(d, [row]);
  const [settlements, trades] = await Promise.all([settlementsOf(d.db, row.id), mirrorsDuring(d.db, row)]);
  const history = settlements
    .filter((s) => s.kind !== 'close')
    .map((s) => ({ day: s.date, value: money(s.value, USDT) }));
  if (view!.state === 'active') {
    // Today's point is the value now.
    const today = todayOf(d.clock);
    if (history.at(-1)?.day === today) history.pop();
    history.push({ day: today, value: view!.value });
  }
  return {
    investment: publicView(view!),
    pool_share: percentOf(BigInt(row.units) * 100n, BigInt(row.pool_units) * 100n),
    history,
    settlements: settlements.map((s) => ({
      date: s.date,
      kind: s.kind,
      value: money(s.value, USDT),
      profit: money(s.profit, USDT),
      trader_share: money(s.trader_share, USDT),
      platform_fee: money(s.platform_fee, USDT),
    })),
    trades: trades.map((m) => ({
      id: m.source_fill_id,
      symbol: m.symbol,
      market: m.market,
      side: m.side,
      trader_amount: formatUnits(m.source_amount),
      pool_amount: formatUnits(m.amount),
      price: m.price,
      skipped: m.skipped,
      at: m.at.toISOString(),
    })),
  };
}
