import type { Db } from '../../db/database.ts';
import { type Ledger, memberAccount, platformAccount } from '../../ledger/index.ts';
import type { TradingAccounts } from '../trading/index.ts';
import type { CopyEngine } from './engine.ts';

/**
 * Demo data for copy trading: carol is an approved lead trader with two packages and david runs the company's
 * managed strategy; alice copies both (from 2,000 USDT put in her trading wallet) and the traders then trade, so
 * the pools mirror real orders and the lists, values and records show something on a first `npm start`. Loaded
 * once: a trader who exists already is left as is.
 */
const TRADERS = [
  {
    userid: 'carol',
    display_name: 'Carol Trend',
    bio: 'Swing trader since 2017. Large caps only, no leverage on spot.',
    strategy: 'Trend following on BTC and ETH, at most 30% of the account per position.',
    company: false,
    packages: [
      { name: 'Starter 30 days', min: 50_000_000n, term: 30, share: 1000, fee: 200 },
      { name: 'Pro 90 days', min: 500_000_000n, term: 90, share: 1500, fee: 200 },
    ],
    invest: { package: 0, amount: 500_000_000n, stopLoss: 20, autoRenew: true },
    trades: [
      { symbol: 'BTC/USDT', side: 'buy', amount: '0.03' },
      { symbol: 'ETH/USDT', side: 'buy', amount: '0.6' },
      { symbol: 'BTC/USDT', side: 'sell', amount: '0.01' },
    ],
  },
  {
    userid: 'david',
    display_name: 'House Strategy',
    bio: "The company's managed strategy.",
    strategy: 'A balanced basket of BTC, ETH, BNB and SOL, rebalanced weekly.',
    company: true,
    packages: [{ name: 'Managed 30 days', min: 100_000_000n, term: 30, share: 2000, fee: 0 }],
    invest: { package: 0, amount: 300_000_000n, stopLoss: 0, autoRenew: false },
    trades: [
      { symbol: 'BNB/USDT', side: 'buy', amount: '2' },
      { symbol: 'SOL/USDT', side: 'buy', amount: '8' },
    ],
  },
] as const;

type DemoTrader = (typeof TRADERS)[number];
type DemoDeps = { db: Db; engine: CopyEngine; trading: TradingAccounts };

/** Alice's trading wallet gets the 2,000 USDT she copies from (once, by its key). */
async function fundTradingWallet(ledger: Ledger, alice: string) {
  await ledger.operation(
    { key: 'demo:copy-trading-wallet', kind: 'adjustment', memberId: alice, request: {} },
    async (op) => {
      await op.post([
        {
          debit: platformAccount('adjustments', 'USDT'),
          credit: memberAccount(alice, 'trading', 'USDT'),
          amount: 2_000_000_000n,
          kind: 'adjustment',
          reference: 'Demo opening balance',
          details: { from: 'platform', reason: 'demo' },
        },
      ]);
      return { ok: true };
    },
  );
}

/** The member as an approved lead trader with the demo's packages; undefined if they are one already. */
async function approveTrader(d: DemoDeps, memberId: string, demo: DemoTrader) {
  const exists = await d.db
    .selectFrom('lead_traders')
    .select('id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (exists) return undefined;
  const trader = await d.db
    .insertInto('lead_traders')
    .values({
      member_id: memberId,
      display_name: demo.display_name,
      bio: demo.bio,
      strategy: demo.strategy,
      state: 'approved',
      decided_at: new Date(),
      company: demo.company,
    })
    .returning(['id', 'member_id'])
    .executeTakeFirstOrThrow();
  await d.engine.ensureAccounts(trader);
  return d.db
    .insertInto('copy_packages')
    .values(
      demo.packages.map((p) => ({
        trader_id: trader.id,
        name: p.name,
        min_amount: p.min.toString(),
        term_days: p.term,
        share_bps: p.share,
        fee_bps: p.fee,
      })),
    )
    .returning('id')
    .execute();
}

/** A demo trader: approved with packages, copied by alice, then trading on their demo account. */
async function loadTrader(d: DemoDeps, alice: string, memberId: string, n: number, demo: DemoTrader) {
  const packages = await approveTrader(d, memberId, demo);
  if (!packages) return;
  await d.engine.invest({
    memberId: alice,
    packageId: packages[demo.invest.package]!.id,
    amount: demo.invest.amount,
    stopLossPercent: demo.invest.stopLoss,
    autoRenew: demo.invest.autoRenew,
    key: `demo-copy-${n}`,
  });
  const account = await d.trading.resolve(memberId, 'demo');
  for (const [i, o] of demo.trades.entries())
    await account.gateway.createOrder({ ...o, type: 'market', idempotencyKey: `demo-copy-trade-${i}` });
}

export async function loadDemoCopy(
  db: Db,
  engine: CopyEngine,
  trading: TradingAccounts,
  ledger: Ledger,
): Promise<void> {
  const members = await db
    .selectFrom('members')
    .select(['id', 'userid'])
    .where('userid', 'in', ['alice', 'carol', 'david'])
    .execute();
  const idOf = new Map(members.map((m) => [m.userid, m.id]));
  const alice = idOf.get('alice');
  if (!alice) return;
  await fundTradingWallet(ledger, alice);
  for (const [n, demo] of TRADERS.entries()) {
    const memberId = idOf.get(demo.userid);
    if (memberId) await loadTrader({ db, engine, trading }, alice, memberId, n, demo);
  }
  await engine.step();
  await engine.mark(true);
}
