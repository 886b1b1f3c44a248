import {
  DEMO_ACCOUNT,
  type demoBalance,
  type demoReset,
  type ParsedRequestOf,
  type ResponseOf,
} from '@mp/contract';
import { equityOf } from '../../adapters/exchange/paper.ts';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { QUOTE, startBalanceUnits, type TradingContext } from './accounts.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';
import { accountColumns, leadTraderOf } from './queries.ts';

/** The account's balances with their worth in the quote asset, its equity, and (paper) its start and resets. */
export async function accountBalance(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof demoBalance>,
): Promise<ResponseOf<typeof demoBalance>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await d.accounts.resolve(memberId, name);
  const tickers = await d.data.tickers();
  const balances = await account.gateway.balance();
  const worth = (asset: string, amount: number) => {
    if (asset === QUOTE) return amount;
    const t = tickers.find((x) => x.symbol === `${asset}/${QUOTE}`);
    return t ? amount * Number(t.last) : 0;
  };
  const rows = balances.map((b) => ({
    ...b,
    value: worth(b.asset, Number(b.free) + Number(b.used)).toFixed(2),
  }));
  let equity: string;
  let start = '0';
  let resets = 0;
  if (account.kind === 'paper') {
    equity = formatUnits(await equityOf(d.db, account.id, QUOTE, tickers, MARKET_BY_SYMBOL));
    const row = await accountColumns(d.db, account.id, ['start_balance', 'resets']);
    start = formatUnits(row.start_balance);
    resets = row.resets;
  } else equity = rows.reduce((s, r) => s + Number(r.value), 0).toFixed(2);
  return { account: name, balances: rows, equity, quote: QUOTE, start_balance: start, resets };
}

/** Starts a paper account afresh with the operator's starting balance. */
export async function resetPaperAccount(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof demoReset>,
): Promise<ResponseOf<typeof demoReset>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await d.accounts.resolve(memberId, name);
  if (account.kind !== 'paper') throw fieldRefusal(422, 'account', 'trading_paper_only');
  // A lead trader's demo account is what followers copy and what their record is computed from.
  if (await leadTraderOf(d.db, account.id)) throw fieldRefusal(409, 'account', 'trader_reset_refused');
  const resets = await account.gateway.reset(input.idempotency_key, startBalanceUnits(account.settings));
  return { account: name, resets };
}
