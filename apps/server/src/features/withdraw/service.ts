import {
  type AddressType,
  feeCeil,
  MIN_WITHDRAWAL_USD,
  parseAmount,
  ASSETS,
  type ParsedRequestOf,
  type updateCAddress,
  WITHDRAWAL_FEE_BPS,
  type withdrawSave,
} from '@mp/contract';
import type { ChainConfig } from '../../config.ts';
import { type Conn, inTransaction } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { WITHDRAW } from '../wallet/index.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { explorerUrl } from '../chain/index.ts';
import { addressChange, confirmWithPassword, noticeToMember } from '../members/index.ts';
import { recordChange } from '../members/index.ts';
import { refuseWhileHeld } from '../../platform/security-hold.ts';
import { maskAddress, normalizeAddress, networkName, publicTxUrl } from './address.ts';
import { followedNetwork, refuseClosedNetwork } from './payout-networks.ts';

export function boundAddress(db: Conn, memberId: string) {
  return db.selectFrom('withdraw_addresses').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/**
 * Whether the member had a withdrawal address before (bound, then unbound by customer service): binding again is then
 * a change, which needs the login password and holds money.
 */
async function hadAddressBefore(db: Conn, memberId: string, userid: string): Promise<boolean> {
  const [event, unbound] = await Promise.all([
    db
      .selectFrom('security_events')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'address_changed')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'withdraw_address.unbind')
      .where('target', '=', userid)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(event || unbound);
}

/**
 * Binds the withdrawal address once; after that the member is told to contact customer service. Refused while a
 * security change holds money; binding again after an unbind is itself such a change.
 */
export async function bindAddress(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof updateCAddress>,
) {
  if (await boundAddress(d.db, ctx.member.id)) throw fieldRefusal(409, 'address', 'address_bound');
  await refuseClosedNetwork(d.db, d.config.chain, input.address_type, 'address_type');
  const address = normalizeAddress(input.address_type as AddressType, input.address);
  if (!address)
    throw fieldRefusal(422, 'address', 'address_invalid', { network: networkName(input.address_type) });
  const isChange = await hadAddressBefore(d.db, ctx.member.id, ctx.member.userid);
  if (isChange) await confirmWithPassword(d, ctx.member.id, input.password);
  await refuseWhileHeld(d, ctx.member.id);
  await d.totp.require(ctx.member.id, input.totp);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const change = addressChange({ memberId: ctx.member.id, ip: ctx.ip }, maskAddress(address), isChange);
  const inserted = await inTransaction(d.db, async (tx) => {
    const row = await tx
      .insertInto('withdraw_addresses')
      .values({ member_id: ctx.member.id, address, address_type: input.address_type })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw fieldRefusal(409, 'address', 'address_bound');
    await recordChange(d, tx, change);
    return row;
  });
  await noticeToMember(d, change);
  return {
    bound: true,
    address,
    address_type: input.address_type,
    bound_at: new Date(inserted.bound_at).toISOString(),
  };
}

export function withdrawalFee(amount: bigint): bigint {
  return feeCeil(amount, WITHDRAWAL_FEE_BPS);
}

/** Checks an amount against the withdrawal rules; returns it with its fee. */
export function withdrawalAmount(text: string) {
  const amount = parseMoney(text, WITHDRAW.asset);
  const min = parseAmount(MIN_WITHDRAWAL_USD, ASSETS[WITHDRAW.asset].decimals);
  if (min.ok && amount < min.value)
    throw fieldRefusal(422, 'amount', 'amount_min', { min: MIN_WITHDRAWAL_USD, asset: WITHDRAW.asset });
  const fee = withdrawalFee(amount);
  return { amount, fee, receive: amount - fee };
}

export type WithdrawalRow = {
  id: string;
  userid: string;
  amount: string;
  fee: string;
  asset: string;
  address: string;
  address_type: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  payout_state: 'queued' | 'broadcast' | 'confirmed' | 'failed' | 'manual' | null;
  payout_mode: 'automatic' | 'manual' | null;
  tx_hash: string | null;
  payout_error: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by_userid: string | null;
};

/** The payout's transaction: on the followed chain's explorer, on another network's public one. */
function txUrl(chain: ChainConfig | undefined, addressType: string, hash: string | null) {
  if (!hash) return '';
  return addressType === followedNetwork(chain)
    ? explorerUrl(chain, 'tx', hash)
    : publicTxUrl(addressType, hash);
}

export function withdrawalView(r: WithdrawalRow, chain: ChainConfig | undefined) {
  return {
    id: r.id,
    userid: r.userid,
    amount: money(r.amount, r.asset),
    fee: money(r.fee, r.asset),
    receive: money(BigInt(r.amount) - BigInt(r.fee), r.asset),
    asset: r.asset,
    address: r.address,
    address_type: r.address_type,
    status: r.status,
    reason: r.reason,
    payout_state: r.payout_state ?? ('' as const),
    tx_hash: r.tx_hash ?? '',
    explorer_url: txUrl(chain, r.address_type, r.tx_hash),
    payout_error: r.payout_error,
    created_at: new Date(r.created_at).toISOString(),
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : '',
    decided_by: r.decided_by_userid ?? '',
  };
}

export function withdrawalQuery(db: Conn) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .leftJoin('members as a', 'a.id', 'w.decided_by')
    .select([
      'w.id',
      'm.userid',
      'w.amount',
      'w.fee',
      'w.asset',
      'w.address',
      'w.address_type',
      'w.status',
      'w.reason',
      'w.payout_state',
      'w.payout_mode',
      'w.tx_hash',
      'w.payout_error',
      'w.created_at',
      'w.decided_at',
      'a.userid as decided_by_userid',
    ]);
}

/**
 * Requests a withdrawal: the amount is held at once (two pending transfers: the payout and the fee) and paid
 * or released when an admin decides.
 */
export async function requestWithdrawal(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof withdrawSave>,
) {
  const { amount, fee, receive } = withdrawalAmount(input.amount);
  const address = await boundAddress(d.db, ctx.member.id);
  if (!address) throw new Refusal(422, 'address_required');
  await refuseClosedNetwork(d.db, d.config.chain, address.address_type);
  await refuseWhileHeld(d, ctx.member.id);
  await d.totp.require(ctx.member.id, input.totp);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const from = memberAccount(ctx.member.id, WITHDRAW.wallet, WITHDRAW.asset);
  return d.ledger.operation(
    {
      key: `m:${ctx.member.id}:${input.idempotency_key}`,
      kind: 'withdraw',
      memberId: ctx.member.id,
      request: { amount: amount.toString(), address: address.address },
    },
    async (op) => {
      const details = { from: ctx.member.userid, address: address.address, network: address.address_type };
      const holds = await refuseShortfall(() =>
        op.post([
          {
            debit: from,
            credit: platformAccount('withdrawal_payouts', WITHDRAW.asset),
            amount: receive,
            kind: 'withdraw',
            details,
            pending: true,
          },
          ...(fee > 0n
            ? [
                {
                  debit: from,
                  credit: platformAccount('fees', WITHDRAW.asset),
                  amount: fee,
                  kind: 'withdraw_fee',
                  details,
                  pending: true,
                },
              ]
            : []),
        ]),
      );
      const row = await op.tx
        .insertInto('withdrawals')
        .values({
          member_id: ctx.member.id,
          operation_id: op.operationId,
          wallet: WITHDRAW.wallet,
          asset: WITHDRAW.asset,
          amount: amount.toString(),
          fee: fee.toString(),
          address: address.address,
          address_type: address.address_type,
          payout_transfer_id: holds[0]!.id,
          fee_transfer_id: holds[1]?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const view = await withdrawalQuery(op.tx).where('w.id', '=', row.id).executeTakeFirstOrThrow();
      return withdrawalView(view, d.config.chain);
    },
  );
}

/** One withdrawal as the views read it. */
export function withdrawalRow(db: Conn, id: string) {
  return withdrawalQuery(db).where('w.id', '=', id).executeTakeFirstOrThrow();
}
