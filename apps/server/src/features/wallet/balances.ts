import {
  ASSETS,
  type AssetCode,
  formatAmount,
  type ParsedRequestOf,
  type walletDetail,
  type walletRecord2,
  type walletRecord3,
  WALLETS,
  type WalletKind,
} from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import type { Balance } from '../../ledger/index.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { shareAnswer } from '../../platform/shared-answers.ts';
import { memberRecords } from './records.ts';
import { AIRDROP, exchangeSettings, PRICE_DECIMALS, priceUnits } from './settings.ts';

/** What a member's wallets hold and what moved in them: balances, their value, the records by kind. */

const MOVEMENT_KINDS = [
  'transfer',
  'transfer_fee',
  'exchange',
  'airdrop',
  'withdraw',
  'withdraw_fee',
  'adjustment',
];

/** The platform token's price in USDT, in units of PRICE_DECIMALS. */
export const tokenPrice = async (db: Conn) => priceUnits((await exchangeSettings(db)).price_usdt);

/** A balance's value in USDT minor units (points are not money: they count as zero). */
const valueUsdt = (asset: string, raw: bigint, price: bigint) =>
  asset === 'USDT' ? raw : asset === 'XT' ? (raw * price) / 10n ** BigInt(PRICE_DECIMALS) : 0n;

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
    // The same object for every call until the balances change: its JSON is written once (platform/shared-answers.ts).
    answer = shareAnswer({ wallets: walletRows(found) });
    walletBalanceAnswers.set(found, answer);
  }
  return answer;
}

/** Every wallet's balances. */
export async function walletBalances(d: MoneyDeps, memberId: string) {
  return walletBalanceAnswer(await d.ledger.memberBalances(d.db, memberId));
}

type Overview = {
  total_usdt: string;
  wallets: (ReturnType<typeof walletRows>[number] & { value_usdt: string })[];
};

/** `asset/index2`'s answers, formatted once per change of the balances (as above) and of the token's price. */
const overviewAnswers = new WeakMap<readonly Balance[], { price: bigint; answer: Overview }>();

function overviewOf(found: readonly Balance[], price: bigint): Overview {
  const wallets = allBalances(found).map(({ raw, ...w }) => ({
    ...w,
    value_usdt: money(valueUsdt(w.asset, raw, price), 'USDT'),
    rawValue: valueUsdt(w.asset, raw, price),
  }));
  const total = wallets.reduce((sum, w) => sum + w.rawValue, 0n);
  return shareAnswer({
    total_usdt: money(total, 'USDT'),
    wallets: wallets.map(({ rawValue: _v, ...w }) => w),
  });
}

/** Every balance with its value in USDT, and their total. */
export async function walletOverviewOf(d: MoneyDeps, memberId: string) {
  const price = await tokenPrice(d.db);
  const found = await d.ledger.memberBalances(d.db, memberId);
  const known = overviewAnswers.get(found);
  if (known?.price === price) return known.answer;
  const answer = overviewOf(found, price);
  overviewAnswers.set(found, { price, answer });
  return answer;
}

/** One wallet's balances and its 5 latest records. */
export async function walletDetailOf(
  d: MoneyDeps,
  memberId: string,
  { wallet }: ParsedRequestOf<typeof walletDetail>,
) {
  const balances = allBalances(await d.ledger.memberBalances(d.db, memberId))
    .filter((b) => b.wallet === wallet)
    .map(({ raw: _raw, ...w }) => w);
  const recent = await memberRecords(d.db, { memberId, wallet, page: 1, pagesize: 5 });
  return { wallet, balances, recent: recent.list };
}

/** The platform token: its price and what the member holds of it. */
export async function platformToken(d: MoneyDeps, memberId: string) {
  const b = await d.ledger.memberBalance(d.db, memberId, AIRDROP.wallet, 'XT');
  return {
    asset: 'XT',
    name: ASSETS.XT.name,
    price_usdt: formatAmount(await tokenPrice(d.db), PRICE_DECIMALS),
    balance: money(b.balance, 'XT'),
    available: money(b.available, 'XT'),
  };
}

/** The member's records of money moved (transfers, exchanges, airdrops, withdrawals), or of one kind. */
export function movementRecords(db: Conn, memberId: string, i: ParsedRequestOf<typeof walletRecord2>) {
  return memberRecords(db, { memberId, ...i, kinds: i.type ? [i.type] : MOVEMENT_KINDS });
}

/** The member's records in the platform token, of every kind or of one. */
export function tokenRecords(db: Conn, memberId: string, i: ParsedRequestOf<typeof walletRecord3>) {
  return memberRecords(db, { memberId, ...i, asset: 'XT', ...(i.type ? { kinds: [i.type] } : {}) });
}
