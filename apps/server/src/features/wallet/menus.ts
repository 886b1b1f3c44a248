import {
  ASSETS,
  type AssetCode,
  type exchangeQuote,
  formatAmount,
  type ParsedRequestOf,
  WALLETS,
  type WalletKind,
} from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { tokenPrice } from './balances.ts';
import { EXCHANGE_WALLET, memberRate, pairTerms, quote } from './exchange.ts';
import { findActiveRecipient } from './recipient.ts';
import { AIRDROP, PRICE_DECIMALS, transferRules } from './settings.ts';

/**
 * What the wallet's pages offer before money moves: the coins, what each allows, and the transfer, exchange and airdrop
 * menus.
 */

/** The assets with their prices in USDT. */
export async function coinList(db: Conn) {
  const price = formatAmount(await tokenPrice(db), PRICE_DECIMALS);
  return {
    list: (Object.entries(ASSETS) as [AssetCode, (typeof ASSETS)[AssetCode]][]).map(([asset, a]) => ({
      asset,
      name: a.name,
      decimals: a.decimals,
      price_usdt: asset === 'USDT' ? '1' : asset === 'XT' ? price : '0',
    })),
  };
}

/** What a member may do with each wallet's asset. */
export async function coinActions(db: Conn) {
  const rules = await transferRules(db);
  const actionsFor = (wallet: WalletKind, asset: AssetCode) => [
    'history',
    ...(rules.routes.some((r) => r.wallet === wallet && r.asset === asset) ? ['transfer'] : []),
    ...(wallet === EXCHANGE_WALLET && (asset === 'USDT' || asset === 'XT') ? ['exchange'] : []),
    ...(wallet === AIRDROP.wallet && asset === AIRDROP.asset ? ['airdrop'] : []),
    ...(wallet === 'funds' && asset === 'USDT' ? ['withdraw'] : []),
  ];
  return {
    list: (Object.entries(WALLETS) as [WalletKind, readonly AssetCode[]][]).flatMap(([wallet, assets]) =>
      assets.map((asset) => ({ wallet, asset, actions: actionsFor(wallet, asset) })),
    ),
  };
}

/** The member another may send to (transfer or airdrop), by user id: active, and not the sender. */
export async function recipientOf(db: Conn, memberId: string, toUserid: string) {
  const to = await findActiveRecipient(db, toUserid, memberId);
  return { userid: to.userid, name: to.name };
}

/** The transfer routes with what is available on each, the fee and the limits. */
export async function transferMenuOf(d: MoneyDeps, memberId: string) {
  const rules = await transferRules(d.db);
  const wallets = await Promise.all(
    rules.routes.map(async (r) => {
      const b = await d.ledger.memberBalance(d.db, memberId, r.wallet, r.asset);
      return {
        wallet: r.wallet,
        to_wallet: r.to_wallet,
        asset: r.asset,
        available: money(b.available, r.asset),
      };
    }),
  );
  return {
    wallets,
    fee_percent: String(rules.fee_bps / 100),
    min_amount: rules.min,
    max_amount: rules.max,
  };
}

/** Both exchange directions with their rate, spread, minimum and what is available. */
export async function exchangeMenuOf(d: MoneyDeps, memberId: string) {
  const list = await Promise.all(
    [
      ['USDT', 'XT'],
      ['XT', 'USDT'],
    ].map(async ([from, to]) => {
      const t = await pairTerms(d.db, from!, to!);
      const b = await d.ledger.memberBalance(d.db, memberId, EXCHANGE_WALLET, t.from);
      return {
        from: t.from,
        to: t.to,
        rate: memberRate(t),
        spread_percent: String(t.spreadBps / 100),
        min_amount: t.from === 'USDT' ? t.min : '0',
        available: money(b.available, t.from),
      };
    }),
  );
  return { list, wallet: EXCHANGE_WALLET };
}

/** What an amount exchanges into at the member's rate now. */
export async function exchangeQuoteOf(db: Conn, { from, to, amount }: ParsedRequestOf<typeof exchangeQuote>) {
  const q = await quote(db, from, to, amount);
  return {
    from: q.t.from,
    to: q.t.to,
    amount: money(q.amount, q.t.from),
    receive: money(q.receive, q.t.to),
    rate: memberRate(q.t),
  };
}

/** The airdrop's asset, wallet and minimum, and what is available to send. */
export async function airdropMenuOf(d: MoneyDeps, memberId: string) {
  const b = await d.ledger.memberBalance(d.db, memberId, AIRDROP.wallet, AIRDROP.asset);
  return {
    asset: AIRDROP.asset,
    wallet: AIRDROP.wallet,
    min_amount: AIRDROP.min,
    available: money(b.available, AIRDROP.asset),
  };
}
