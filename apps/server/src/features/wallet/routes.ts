import {
  airdropMenu,
  airdropSave,
  ASSETS,
  type AssetCode,
  bonusRecord,
  bonusSummary,
  checkAirdropUser,
  checkTransferUser,
  coinMenu,
  exchangeMenu,
  exchangeQuote,
  exchangeSave,
  formatAmount,
  getCoin,
  getWalletBalance,
  getXToken,
  searchBonusRecord,
  transferMenu,
  transferSave,
  walletMove,
  walletDetail,
  walletOverview,
  walletRecord,
  walletRecord2,
  walletRecord3,
  WALLETS,
  type WalletKind,
} from '@mp/contract';
import { handle, reply } from '../../platform/calls.ts';
import type { Balance } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { airdropTokens } from './airdrop.ts';
import { bonusRecords, bonusTotals } from './bonus.ts';
import { EXCHANGE_WALLET, exchangeFunds, memberRate, pairTerms, quote } from './exchange.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { findActiveRecipient } from './recipient.ts';
import { memberRecords } from './records.ts';
import { AIRDROP, exchangeSettings, PRICE_DECIMALS, priceUnits, transferRules } from './settings.ts';
import { moveBetweenWallets, transferFunds } from './transfer.ts';

const MOVEMENT_KINDS = [
  'transfer',
  'transfer_fee',
  'exchange',
  'airdrop',
  'withdraw',
  'withdraw_fee',
  'adjustment',
];

/** Every wallet and asset a member has, zero where no account exists yet, in a fixed order. */
function allBalances(found: readonly Balance[]) {
  return (Object.entries(WALLETS) as [WalletKind, readonly AssetCode[]][]).flatMap(([wallet, assets]) =>
    assets.map((asset) => {
      const b = found.find((x) => x.wallet === wallet && x.asset === asset);
      return {
        wallet,
        asset,
        balance: money(b?.balance ?? 0n, asset),
        available: money(b?.available ?? 0n, asset),
        pending: money(b?.pending ?? 0n, asset),
        raw: b?.balance ?? 0n,
      };
    }),
  );
}

/**
 * `Asset/getwalletbalance`'s answer by the balances it shows: the most frequent wallet read formats each member's
 * balances once per change, not once per call (the ledger hands back the same balances until they change).
 */
const walletBalanceAnswers = new WeakMap<readonly Balance[], { wallets: ReturnType<typeof walletRows> }>();

function walletRows(found: readonly Balance[]) {
  return allBalances(found).map(({ raw: _raw, ...w }) => w);
}

function walletBalanceAnswer(found: readonly Balance[]) {
  let answer = walletBalanceAnswers.get(found);
  if (!answer) {
    answer = { wallets: walletRows(found) };
    walletBalanceAnswers.set(found, answer);
  }
  return answer;
}

export function walletRoutes(d: MoneyDeps) {
  const { db, ledger } = d;
  const tokenPrice = async () => priceUnits((await exchangeSettings(db)).price_usdt);
  /** A balance's value in USDT minor units (points are not money: they count as zero). */
  const valueUsdt = (asset: string, raw: bigint, price: bigint) =>
    asset === 'USDT' ? raw : asset === 'XT' ? (raw * price) / 10n ** BigInt(PRICE_DECIMALS) : 0n;

  return [
    handle(getWalletBalance, async (_i, ctx) =>
      walletBalanceAnswer(await ledger.memberBalances(db, ctx.member.id)),
    ),

    handle(walletOverview, async (_i, ctx) => {
      const price = await tokenPrice();
      const wallets = allBalances(await ledger.memberBalances(db, ctx.member.id)).map(({ raw, ...w }) => ({
        ...w,
        value_usdt: money(valueUsdt(w.asset, raw, price), 'USDT'),
        rawValue: valueUsdt(w.asset, raw, price),
      }));
      const total = wallets.reduce((sum, w) => sum + w.rawValue, 0n);
      return { total_usdt: money(total, 'USDT'), wallets: wallets.map(({ rawValue: _v, ...w }) => w) };
    }),

    handle(walletDetail, async ({ wallet }, ctx) => {
      const balances = allBalances(await ledger.memberBalances(db, ctx.member.id))
        .filter((b) => b.wallet === wallet)
        .map(({ raw: _raw, ...w }) => w);
      const recent = await memberRecords(db, { memberId: ctx.member.id, wallet, page: 1, pagesize: 5 });
      return { wallet, balances, recent: recent.list };
    }),

    handle(getCoin, async () => {
      const price = formatAmount(await tokenPrice(), PRICE_DECIMALS);
      return {
        list: (Object.entries(ASSETS) as [AssetCode, (typeof ASSETS)[AssetCode]][]).map(([asset, a]) => ({
          asset,
          name: a.name,
          decimals: a.decimals,
          price_usdt: asset === 'USDT' ? '1' : asset === 'XT' ? price : '0',
        })),
      };
    }),

    handle(coinMenu, async () => {
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
    }),

    handle(getXToken, async (_i, ctx) => {
      const b = await ledger.memberBalance(db, ctx.member.id, AIRDROP.wallet, 'XT');
      return {
        asset: 'XT',
        name: ASSETS.XT.name,
        price_usdt: formatAmount(await tokenPrice(), PRICE_DECIMALS),
        balance: money(b.balance, 'XT'),
        available: money(b.available, 'XT'),
      };
    }),

    handle(walletRecord, async (i, ctx) => memberRecords(db, { memberId: ctx.member.id, ...i })),
    handle(walletRecord2, async (i, ctx) =>
      memberRecords(db, { memberId: ctx.member.id, ...i, kinds: i.type ? [i.type] : MOVEMENT_KINDS }),
    ),
    handle(walletRecord3, async (i, ctx) =>
      memberRecords(db, {
        memberId: ctx.member.id,
        ...i,
        asset: 'XT',
        ...(i.type ? { kinds: [i.type] } : {}),
      }),
    ),

    handle(bonusSummary, async (_i, ctx) => bonusTotals(db, ctx.member.id, d.clock.now())),
    handle(bonusRecord, async (i, ctx) => bonusRecords(db, { memberId: ctx.member.id, ...i })),
    handle(searchBonusRecord, async (i, ctx) => bonusRecords(db, { memberId: ctx.member.id, ...i })),

    handle(checkTransferUser, async ({ to_userid }, ctx) => {
      const to = await findActiveRecipient(db, to_userid, ctx.member.id);
      return { userid: to.userid, name: to.name };
    }),

    handle(transferMenu, async (_i, ctx) => {
      const rules = await transferRules(db);
      const wallets = await Promise.all(
        rules.routes.map(async (r) => {
          const b = await ledger.memberBalance(db, ctx.member.id, r.wallet, r.asset);
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
    }),

    handle(transferSave, async (input, ctx) => reply(await transferFunds(d, ctx, input), 'sent')),
    handle(walletMove, async (input, ctx) => reply(await moveBetweenWallets(d, ctx, input), 'wallet_moved')),

    handle(exchangeMenu, async (_i, ctx) => {
      const list = await Promise.all(
        [
          ['USDT', 'XT'],
          ['XT', 'USDT'],
        ].map(async ([from, to]) => {
          const t = await pairTerms(db, from!, to!);
          const b = await ledger.memberBalance(db, ctx.member.id, EXCHANGE_WALLET, t.from);
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
    }),

    handle(exchangeQuote, async ({ from, to, amount }) => {
      const q = await quote(db, from, to, amount);
      return {
        from: q.t.from,
        to: q.t.to,
        amount: money(q.amount, q.t.from),
        receive: money(q.receive, q.t.to),
        rate: memberRate(q.t),
      };
    }),

    handle(exchangeSave, async (input, ctx) => reply(await exchangeFunds(d, ctx, input), 'exchanged')),

    handle(airdropMenu, async (_i, ctx) => {
      const b = await ledger.memberBalance(db, ctx.member.id, AIRDROP.wallet, AIRDROP.asset);
      return {
        asset: AIRDROP.asset,
        wallet: AIRDROP.wallet,
        min_amount: AIRDROP.min,
        available: money(b.available, AIRDROP.asset),
      };
    }),

    handle(checkAirdropUser, async ({ to_userid }, ctx) => {
      const to = await findActiveRecipient(db, to_userid, ctx.member.id);
      return { userid: to.userid, name: to.name };
    }),

    handle(airdropSave, async (input, ctx) => reply(await airdropTokens(d, ctx, input), 'sent')),
  ];
}
