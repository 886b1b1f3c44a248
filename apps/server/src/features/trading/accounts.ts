import { DEMO_ACCOUNT, type ExchangeId, PERP, type PaperVenue } from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { insertPaperAccount } from '../../adapters/exchange/account-store.ts';
import { openKeys } from '../../adapters/exchange/keys.ts';
import { PaperExchange } from '../../adapters/exchange/paper.ts';
import { openBalance } from '../../adapters/exchange/paper-book.ts';
import { parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CcxtFactory, CcxtGateway } from '../../adapters/exchange/ccxt.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';
import { MARKET_BY_SYMBOL, paperAccountName, paperVenueOf, VENUES } from './markets.ts';
import { cachedMarketSettings, type MarketSettings } from './settings.ts';

/**
 * A member's trading accounts: the paper ones (`demo`, `demo-<venue>`; made on first use with the operator's
 * starting balance) and the exchange accounts they connected (by id). `gatewayFor` answers with the gateway that
 * trades on one of them.
 */
export type TradingDeps = {
  db: Db;
  clock: Clock;
  data: MarketData;
  secret: Buffer;
  ccxt: CcxtFactory;
};

export type ResolvedAccount =
  | {
      kind: 'paper';
      name: string;
      id: string;
      venue: 'demo' | PaperVenue;
      gateway: PaperExchange;
      settings: MarketSettings;
    }
  | {
      kind: 'exchange';
      name: string;
      id: string;
      venue: ExchangeId;
      gateway: CcxtGateway;
      settings: MarketSettings;
    };

export const QUOTE = 'USDT';

/** Parsed once per settings object (cachedMarketSettings keeps one per change): every trading call asks. */
const startBalances = new WeakMap<MarketSettings, bigint>();

export function startBalanceUnits(settings: MarketSettings): bigint {
  const known = startBalances.get(settings);
  if (known !== undefined) return known;
  const v = parseDecimal(settings.start_balance, UNIT_DECIMALS);
  const units = typeof v === 'bigint' ? v : 10_000n * 10n ** 8n;
  startBalances.set(settings, units);
  return units;
}

export function paperFees(settings: MarketSettings, venue: 'demo' | PaperVenue) {
  return {
    feeBps: venue === 'demo' ? settings.fee_bps : VENUES[venue].feeBps,
    spreadBps: settings.spread_bps,
    slippageBps: settings.slippage_bps,
  };
}

/**
 * Paper accounts are never deleted, so a member's account id, once known, holds on every server: each order spares
 * the lookup.
 */
const paperIdsOf = new WeakMap<Db, Map<string, string>>();

/**
 * The paper account's row id, made (with its starting balance) the first time it is used, at `now` by the app's
 * clock like its fills (a trader's record starts there: see copy/record.ts).
 */
export async function ensurePaperAccount(
  db: Db,
  memberId: string,
  venue: string,
  start: bigint,
  now: Date,
): Promise<string> {
  let paperIds = paperIdsOf.get(db);
  if (!paperIds) {
    paperIds = new Map();
    paperIdsOf.set(db, paperIds);
  }
  const cacheKey = `${memberId}:${venue}`;
  const known = paperIds.get(cacheKey);
  if (known) return known;
  const id = await findOrMakePaperAccount(db, memberId, venue, start, now);
  if (paperIds.size >= 100_000) paperIds.delete(paperIds.keys().next().value as string);
  paperIds.set(cacheKey, id);
  return id;
}

async function findOrMakePaperAccount(
  db: Db,
  memberId: string,
  venue: string,
  start: bigint,
  now: Date,
): Promise<string> {
  const found = await db
    .selectFrom('trading_accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'paper')
    .where('venue', '=', venue)
    .executeTakeFirst();
  if (found) return found.id;
  const id = await db.transaction().execute(async (tx) => {
    const made = await insertPaperAccount(tx, { memberId, venue, start, now });
    if (!made) {
      const again = await tx
        .selectFrom('trading_accounts')
        .select('id')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'paper')
        .where('venue', '=', venue)
        .executeTakeFirstOrThrow();
      return again.id;
    }
    await openBalance(tx, made.id, QUOTE, start);
    return made.id;
  });
  // The account exists now: this server's list of the member's accounts is read again at once (the others hear
  // migration 0045's trigger).
  noteChanged(db, 'trading_accounts', [memberId]);
  return id;
}

export function createTradingAccounts(d: TradingDeps) {
  const markets = MARKET_BY_SYMBOL;

  function paperGateway(
    accountId: string,
    memberId: string,
    venue: 'demo' | PaperVenue,
    settings: MarketSettings,
  ) {
    return new PaperExchange(
      { db: d.db, clock: d.clock, data: d.data, markets },
      { id: accountId, memberId, quote: QUOTE },
      paperFees(settings, venue),
    );
  }

  async function resolve(memberId: string, name = DEMO_ACCOUNT): Promise<ResolvedAccount> {
    const settings = await cachedMarketSettings(d.db);
    const venue = paperVenueOf(name);
    if (venue) {
      const id = await ensurePaperAccount(d.db, memberId, venue, startBalanceUnits(settings), d.clock.now());
      return {
        kind: 'paper',
        name,
        id,
        venue,
        gateway: paperGateway(id, memberId, venue, settings),
        settings,
      };
    }
    const row = /^[1-9]\d{0,17}$/.test(name)
      ? await d.db
          .selectFrom('trading_accounts')
          .selectAll()
          .where('id', '=', name)
          .where('member_id', '=', memberId)
          .where('kind', '=', 'exchange')
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!row?.key_box) throw fieldRefusal(404, 'account', 'trading_account_unknown');
    const keys = openKeys(d.secret, row.key_box);
    const gateway = await d.ccxt.gateway(row.venue as ExchangeId, keys);
    return { kind: 'exchange', name, id: row.id, venue: row.venue as ExchangeId, gateway, settings };
  }

  /**
   * After a feed step: every resting paper order whose limit the step's prices reached fills at its limit. The
   * candidates are found by one indexed query per market; each fill is its own transaction.
   */
  async function matchResting(ranges: { symbol: string; low: string; high: string }[]): Promise<number> {
    let filled = 0;
    const settings = await cachedMarketSettings(d.db);
    for (const r of ranges) {
      const orders = await d.db
        .selectFrom('trade_orders as o')
        .innerJoin('trading_accounts as a', 'a.id', 'o.account_id')
        .selectAll('o')
        .select(['a.venue'])
        .where('o.symbol', '=', r.symbol)
        .where('o.state', '=', 'open')
        .where('a.kind', '=', 'paper')
        .where((eb) =>
          eb.or([
            eb.and([eb('o.side', '=', 'buy'), eb('o.limit_price', '>=', r.low)]),
            eb.and([eb('o.side', '=', 'sell'), eb('o.limit_price', '<=', r.high)]),
          ]),
        )
        .orderBy('o.id')
        .limit(500)
        .execute();
      for (const o of orders) {
        const venue = paperVenueOf(paperAccountName(o.venue)) ?? 'demo';
        const gw = paperGateway(o.account_id, o.member_id, venue, settings);
        try {
          if (await gw.fillReached(o, r.low, r.high)) filled++;
        } catch {
          // An order that cannot fill now (its market left the list) waits for the next step.
        }
      }
      filled += await liquidate(r, settings);
    }
    await settleFunding(settings);
    return filled;
  }

  /** Paper positions whose liquidation price the step's prices reached, found by index, each liquidated once. */
  async function liquidate(r: { symbol: string; low: string; high: string }, settings: MarketSettings) {
    let done = 0;
    const reached = await d.db
      .selectFrom('paper_positions as p')
      .innerJoin('trading_accounts as a', 'a.id', 'p.account_id')
      .select(['p.account_id', 'a.member_id', 'a.venue'])
      .where('p.symbol', '=', r.symbol)
      .where((eb) =>
        eb.or([
          eb.and([eb('p.side', '=', 'long'), eb('p.liquidation_price', '>=', r.low)]),
          eb.and([eb('p.side', '=', 'short'), eb('p.liquidation_price', '<=', r.high)]),
        ]),
      )
      .limit(500)
      .execute();
    for (const p of reached) {
      const venue = paperVenueOf(paperAccountName(p.venue)) ?? 'demo';
      try {
        if (
          await paperGateway(p.account_id, p.member_id, venue, settings).liquidateReached(
            r.symbol,
            r.low,
            r.high,
          )
        )
          done++;
      } catch {
        // Tried again at the next step.
      }
    }
    return done;
  }

  /**
   * Funding of the latest funding time (every PERP.fundingHours hours from 00:00 UTC) on each paper position open
   * at that time and not yet settled for it; once per position and time (the funding record's key).
   */
  async function settleFunding(settings: MarketSettings): Promise<number> {
    const every = PERP.fundingHours * 3_600_000;
    const at = new Date(Math.floor(d.clock.now().getTime() / every) * every);
    const due = await d.db
      .selectFrom('paper_positions as p')
      .innerJoin('trading_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('market_tickers as t', 't.symbol', 'p.symbol')
      .select(['p.account_id', 'p.symbol', 'a.member_id', 'a.venue', 't.last'])
      .where('p.opened_at', '<=', at)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('paper_funding as f')
              .select('f.account_id')
              .whereRef('f.account_id', '=', 'p.account_id')
              .whereRef('f.symbol', '=', 'p.symbol')
              .where('f.funding_time', '=', at),
          ),
        ),
      )
      .limit(1000)
      .execute();
    let settled = 0;
    for (const p of due) {
      const venue = paperVenueOf(paperAccountName(p.venue)) ?? 'demo';
      try {
        const paid = await paperGateway(p.account_id, p.member_id, venue, settings).settleFunding(
          p.symbol,
          at,
          p.last,
          settings.funding_bps,
        );
        if (paid !== null) settled++;
      } catch {
        // Tried again at the next step.
      }
    }
    return settled;
  }

  return {
    resolve,
    matchResting,
    paperGateway,
    settleFunding: async () => settleFunding(await cachedMarketSettings(d.db)),
  };
}

export type TradingAccounts = ReturnType<typeof createTradingAccounts>;

/** What the trading calls use: the area's deps and the members' accounts. */
export type TradingContext = TradingDeps & { accounts: TradingAccounts };
