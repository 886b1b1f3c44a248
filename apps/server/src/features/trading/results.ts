import {
  DEMO_ACCOUNT,
  DEMO_CHALLENGE_MIN_TRADES,
  DEMO_CHALLENGE_PERCENT,
  type demoChallenge,
  type ParsedRequestOf,
  type ResponseOf,
  type tradeBoard,
} from '@mp/contract';
import { equityOf } from '../../adapters/exchange/paper.ts';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { QUOTE, type TradingContext } from './accounts.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';
import { accountColumns, challengeCounts, fillsSince, resetAt } from './queries.ts';
import { pct } from './views.ts';

type Fill = Awaited<ReturnType<typeof fillsSince>>[number];

/** A paper account, by the name the member gave (demo by default); results exist only for paper accounts. */
async function paperAccount(d: TradingContext, memberId: string, name: string) {
  const account = await d.accounts.resolve(memberId, name);
  if (account.kind !== 'paper') throw fieldRefusal(422, 'account', 'trading_paper_only');
  return account;
}

/** The fills' realized profit, fees, sells and winning sells. */
function tally(fills: Fill[]) {
  let realized = 0n;
  let fees = 0n;
  let sells = 0;
  let wins = 0;
  for (const f of fills) {
    fees += BigInt(f.fee);
    if (f.pnl !== null) {
      sells++;
      realized += BigInt(f.pnl);
      if (BigInt(f.pnl) > 0n) wins++;
    }
  }
  return { realized, fees, sells, wins };
}

/** A paper account's results since it last started afresh: equity now and after each fill, profit, fees. */
export async function tradeResults(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof tradeBoard>,
): Promise<ResponseOf<typeof tradeBoard>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await paperAccount(d, memberId, name);
  const since = await resetAt(d.db, account.id);
  const [fills, row, tickers] = await Promise.all([
    fillsSince(d.db, account.id, since),
    accountColumns(d.db, account.id, ['start_balance', 'created_at']),
    d.data.tickers(),
  ]);
  const equity = await equityOf(d.db, account.id, QUOTE, tickers, MARKET_BY_SYMBOL);
  const start = BigInt(row.start_balance);
  const pnl = equity - start;
  const { realized, fees, sells, wins } = tally(fills);
  const curve = [
    {
      at: new Date(Math.max(row.created_at.getTime(), since.getTime())).toISOString(),
      equity: formatUnits(start),
    },
    ...fills.slice(-500).map((f) => ({ at: f.at.toISOString(), equity: formatUnits(f.equity_after) })),
    { at: d.clock.now().toISOString(), equity: formatUnits(equity) },
  ];
  return {
    account: name,
    quote: QUOTE,
    start_balance: formatUnits(start),
    equity: formatUnits(equity),
    pnl: formatUnits(pnl),
    pnl_percent: start > 0n ? pct(Number((pnl * 1_000_000n) / start) / 10_000) : '0.00',
    realized: formatUnits(realized),
    fees: formatUnits(fees),
    trades: fills.length,
    sells,
    wins,
    curve,
  };
}

/** The demo challenge: reach the target equity with at least the minimum of trades since the last fresh start. */
export async function challengeProgress(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof demoChallenge>,
): Promise<ResponseOf<typeof demoChallenge>> {
  const name = input.account ?? DEMO_ACCOUNT;
  const account = await paperAccount(d, memberId, name);
  const since = await resetAt(d.db, account.id);
  const [row, tickers, counts] = await Promise.all([
    accountColumns(d.db, account.id, ['start_balance']),
    d.data.tickers(),
    challengeCounts(d.db, account.id, since),
  ]);
  const start = BigInt(row.start_balance);
  const target = start + (start * BigInt(DEMO_CHALLENGE_PERCENT)) / 100n;
  const equity = await equityOf(d.db, account.id, QUOTE, tickers, MARKET_BY_SYMBOL);
  const trades = counts.fills;
  const gained = equity - start;
  const progress = gained <= 0n ? 0 : Math.min(100, Number((gained * 10_000n) / (target - start)) / 100);
  const reached = equity >= target && trades >= DEMO_CHALLENGE_MIN_TRADES;
  return {
    account: name,
    start_balance: formatUnits(start),
    target: formatUnits(target),
    equity: formatUnits(equity),
    progress_percent: progress,
    trades,
    min_trades: DEMO_CHALLENGE_MIN_TRADES,
    state: reached ? ('reached' as const) : ('running' as const),
    steps: [
      { key: 'first_trade', done: trades > 0 },
      { key: 'limit_order', done: counts.limits > 0 },
      { key: 'min_trades', done: trades >= DEMO_CHALLENGE_MIN_TRADES },
      { key: 'target', done: equity >= target },
    ],
  };
}
