import {
  DEMO_ACCOUNT,
  type demoBalance,
  type demoReset,
  type ParsedRequestOf,
  type ResponseOf,
} from '@mp/contract';
import type { GatewayBalance } from '../../adapters/exchange/gateway.ts';
import type { TickerRow } from '../../adapters/exchange/markets.ts';
import { balancesAndEquityOf } from '../../adapters/exchange/paper.ts';
import { balanceRows } from '../../adapters/exchange/paper-book.ts';
import { readPositions } from '../../adapters/exchange/paper-positions.ts';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { shareAnswer } from '../../platform/shared-answers.ts';
import { QUOTE, startBalanceUnits, type TradingContext } from './accounts.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';
import { accountColumns, leadTraderOf } from './queries.ts';
import { cachedPaperRows, type PaperRows } from './read-caches.ts';

/** The account's balances with their worth in the quote asset, its equity, and (paper) its start and resets. */
export async function accountBalance(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof demoBalance>,
): Promise<ResponseOf<typeof demoBalance>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await d.accounts.resolve(memberId, name);
  const tickers = await d.data.tickers();
  if (account.kind === 'paper') return paperBalance(d, memberId, account.id, name, tickers);
  const rows = valued(await account.gateway.balance(), tickers);
  const equity = rows.reduce((s, r) => s + Number(r.value), 0).toFixed(2);
  return { account: name, balances: rows, equity, quote: QUOTE, start_balance: '0', resets: 0 };
}

/**
 * The answer made from one set of cached rows at one set of prices: the prices are one shared read per quarter second
 * (market-data.ts), so the calls of that moment share it rather than value and format the balances each.
 */
const answers = new WeakMap<PaperRows, { tickers: TickerRow[]; answer: ResponseOf<typeof demoBalance> }>();

/**
 * A paper account's answer, valued at this call's prices. Its rows come from memory while nothing of the member's
 * paper accounts changed (read-caches.ts); the market screen asks on opening, so on a miss the three statements go
 * out together.
 */
async function paperBalance(
  d: TradingContext,
  memberId: string,
  accountId: string,
  name: string,
  tickers: TickerRow[],
): Promise<ResponseOf<typeof demoBalance>> {
  const rows = await cachedPaperRows(d.db, memberId, accountId, () => readPaperRows(d, accountId));
  const known = answers.get(rows);
  if (known?.tickers === tickers && known.answer.account === name) return known.answer;
  // Shared by the calls of this moment (its JSON written once): never changed.
  const answer = shareAnswer(paperAnswer(rows, name, tickers));
  answers.set(rows, { tickers, answer });
  return answer;
}

function paperAnswer(rows: PaperRows, name: string, tickers: TickerRow[]): ResponseOf<typeof demoBalance> {
  const { balances, equity } = balancesAndEquityOf(
    rows.balances,
    rows.positions,
    QUOTE,
    tickers,
    MARKET_BY_SYMBOL,
  );
  return {
    account: name,
    balances: valued(balances, tickers),
    equity: formatUnits(equity),
    quote: QUOTE,
    start_balance: formatUnits(rows.start_balance),
    resets: rows.resets,
  };
}

async function readPaperRows(d: TradingContext, accountId: string): Promise<PaperRows> {
  const [balances, positions, row] = await Promise.all([
    balanceRows(d.db, accountId),
    readPositions(d.db, accountId),
    accountColumns(d.db, accountId, ['start_balance', 'resets']),
  ]);
  return { balances, positions, start_balance: row.start_balance, resets: row.resets };
}

/** An amount of an asset in the quote asset at the last prices. */
function worth(tickers: TickerRow[], asset: string, amount: number): number {
  if (asset === QUOTE) return amount;
  const t = tickers.find((x) => x.symbol === `${asset}/${QUOTE}`);
  return t ? amount * Number(t.last) : 0;
}

/** Each balance with its worth in the quote asset at the last prices. */
function valued(balances: GatewayBalance[], tickers: TickerRow[]) {
  return balances.map((b) => ({
    ...b,
    value: worth(tickers, b.asset, Number(b.free) + Number(b.used)).toFixed(2),
  }));
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
