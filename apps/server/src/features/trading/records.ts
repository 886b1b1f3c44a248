import {
  DEMO_ACCOUNT,
  type ParsedRequestOf,
  type recordTx,
  type ResponseOf,
  type tradeOrderHistory,
} from '@mp/contract';
import type { CcxtGateway } from '../../adapters/exchange/ccxt.ts';
import { orderOf } from '../../adapters/exchange/paper.ts';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import type { TradingContext } from './accounts.ts';
import { type RecordFilters, recordFilters } from './filters.ts';
import { fillsPage, orderHistoryPage, orderedSymbols } from './queries.ts';
import { wireOrder } from './views.ts';

type Page = { page: number; pagesize: number };

/** The account's fills, newest first: a paper account's from our book, an exchange account's from the exchange. */
export async function tradeRecords(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof recordTx>,
): Promise<ResponseOf<typeof recordTx>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await d.accounts.resolve(memberId, name);
  const f = recordFilters(input);
  if (account.kind === 'exchange') return exchangeFills(d, name, account, f, input);
  const { rows, total } = await fillsPage(d.db, account.id, f, input);
  return {
    account: name,
    list: rows.map((r) => ({
      order_id: r.order_id,
      symbol: r.symbol,
      market: r.market,
      reason: r.reason,
      side: r.side,
      amount: formatUnits(r.amount),
      price: r.price,
      fee: formatUnits(r.fee),
      fee_asset: r.fee_asset,
      pnl: r.pnl === null ? '' : formatUnits(r.pnl),
      at: r.at.toISOString(),
    })),
    page: input.page,
    pagesize: input.pagesize,
    total,
  };
}

/** An exchange account's fills on the markets it ordered on (the last 100 of each), filtered and paged here. */
async function exchangeFills(
  d: TradingContext,
  name: string,
  account: { id: string; gateway: CcxtGateway },
  f: RecordFilters,
  p: Page,
): Promise<ResponseOf<typeof recordTx>> {
  const offset = (p.page - 1) * p.pagesize;
  const symbols = f.symbol ? [f.symbol] : await orderedSymbols(d.db, account.id);
  const all = (await Promise.all(symbols.map((s) => account.gateway.myTrades(s, 100))))
    .flat()
    .filter((t) => (!f.side || t.side === f.side) && (!f.from || t.at >= f.from) && (!f.to || t.at < f.to))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    account: name,
    list: all.slice(offset, offset + p.pagesize).map((t) => ({
      order_id: t.orderId,
      symbol: t.symbol,
      market: t.market,
      reason: t.reason,
      side: t.side,
      amount: t.amount,
      price: t.price,
      fee: t.fee,
      fee_asset: t.feeAsset,
      pnl: t.pnl,
      at: t.at.toISOString(),
    })),
    page: p.page,
    pagesize: p.pagesize,
    total: all.length,
  };
}

/** The account's orders that ended (or of one state), with their realized profit. */
export async function orderHistory(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof tradeOrderHistory>,
): Promise<ResponseOf<typeof tradeOrderHistory>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await d.accounts.resolve(memberId, name);
  const f = recordFilters(input);
  const { rows, total } = await orderHistoryPage(d.db, account.id, input.state, f, input);
  return {
    account: name,
    list: rows.map((r) => {
      const o = orderOf(r);
      return { ...wireOrder(o, name), pnl: o.pnl };
    }),
    page: input.page,
    pagesize: input.pagesize,
    total,
  };
}
