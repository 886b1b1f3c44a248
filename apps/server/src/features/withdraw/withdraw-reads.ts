import {
  type Language,
  MIN_WITHDRAWAL_USD,
  type ParsedRequestOf,
  translate,
  WITHDRAWAL_FEE_BPS,
  type withdrawHistory,
  type withdrawPreview,
} from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { WITHDRAW } from '../wallet/index.ts';
import { maskAddress, networkName } from './address.ts';
import { WITHDRAW_NOTES } from './notes.ts';
import { readPayoutRules } from './payout-networks.ts';
import { boundAddress, withdrawalAmount, withdrawalView } from './service.ts';
import { memberWithdrawalsPage } from './withdraw-queries.ts';

/** What a member reads before and after withdrawing: the address types, their address, the menu, the history. */

/** The networks a member may bind an address for and withdraw to: the ones the operator has opened. */
export async function addressTypes(d: MoneyDeps) {
  const rules = await readPayoutRules(d.db, d.config.chain);
  return {
    list: rules.networks
      .filter((n) => n.enabled)
      .map((n) => ({ code: n.code, name: networkName(n.code), asset: 'USDT' })),
  };
}

/** The member's bound withdrawal address, or that none is bound. */
export async function addressView(db: Db, memberId: string) {
  const a = await boundAddress(db, memberId);
  return a
    ? {
        bound: true,
        address: a.address,
        address_type: a.address_type,
        bound_at: new Date(a.bound_at).toISOString(),
      }
    : { bound: false, address: '', address_type: '', bound_at: '' };
}

/** The bound address with its network's name and the address masked. */
export async function addressWithNetwork(db: Db, memberId: string) {
  const a = await addressView(db, memberId);
  return { ...a, network: a.bound ? networkName(a.address_type) : '', masked: maskAddress(a.address) };
}

/** Only whether an address is bound, and the address masked. */
export async function maskedAddress(db: Db, memberId: string) {
  const a = await addressView(db, memberId);
  return { bound: a.bound, masked: maskAddress(a.address), address_type: a.address_type };
}

/** What the withdrawal page needs: the rules, what is available, and whether the address and 2FA are set. */
export async function withdrawalMenu(d: MoneyDeps, memberId: string) {
  const b = await d.ledger.memberBalance(d.db, memberId, WITHDRAW.wallet, WITHDRAW.asset);
  return {
    wallet: WITHDRAW.wallet,
    asset: WITHDRAW.asset,
    min_amount: MIN_WITHDRAWAL_USD,
    fee_percent: String(WITHDRAWAL_FEE_BPS / 100),
    available: money(b.available, WITHDRAW.asset),
    address_bound: Boolean(await boundAddress(d.db, memberId)),
    totp_required: await d.totp.status(memberId),
  };
}

/** The fee and what arrives for an amount, to the masked address. */
export async function previewWithdrawal(
  db: Db,
  memberId: string,
  { amount }: ParsedRequestOf<typeof withdrawPreview>,
) {
  const w = withdrawalAmount(amount);
  const a = await boundAddress(db, memberId);
  return {
    amount: money(w.amount, WITHDRAW.asset),
    fee: money(w.fee, WITHDRAW.asset),
    receive: money(w.receive, WITHDRAW.asset),
    asset: WITHDRAW.asset,
    address: a ? maskAddress(a.address) : '',
  };
}

/** The withdrawal rules as notes in the member's language. */
export async function withdrawalNotes(lang: Language) {
  return {
    notes: WITHDRAW_NOTES.map((key) =>
      translate(key, lang, { min: MIN_WITHDRAWAL_USD, fee: String(WITHDRAWAL_FEE_BPS / 100) }),
    ),
  };
}

/** The member's withdrawals, latest first. */
export async function memberWithdrawals(
  d: MoneyDeps,
  memberId: string,
  { page, pagesize }: ParsedRequestOf<typeof withdrawHistory>,
) {
  const { rows, total } = await memberWithdrawalsPage(d.db, memberId, page, pagesize);
  return { list: rows.map((r) => withdrawalView(r, d.config.chain)), page, pagesize, total };
}
