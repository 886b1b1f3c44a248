import {
  type AssetCode,
  feeCeil,
  type ParsedRequestOf,
  parseAmount,
  ASSETS,
  type transferSave,
  type WalletKind,
  type walletMove,
} from '@mp/contract';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { refuseWhileHeld } from '../../platform/security-hold.ts';
import { findRecipient } from './recipient.ts';
import { transferRules } from './settings.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';

type Input = ParsedRequestOf<typeof transferSave>;

/** Sends money from one of the sender's wallets to the recipient's wallet, under the configured rules. */
export async function transferFunds(d: MoneyDeps, ctx: AuthedContext, input: Input) {
  const rules = await transferRules(d.db);
  const route = rules.routes.find((r) => r.wallet === input.wallet);
  if (!route) throw fieldRefusal(422, 'wallet', 'wallet_not_allowed');
  const asset = route.asset as AssetCode;
  const amount = parseMoney(input.amount, asset);
  const { decimals } = ASSETS[asset];
  const min = parseAmount(rules.min, decimals);
  if (min.ok && amount < min.value)
    throw fieldRefusal(422, 'amount', 'amount_min', { min: rules.min, asset });
  const max = parseAmount(rules.max, decimals);
  if (max.ok && max.value > 0n && amount > max.value)
    throw fieldRefusal(422, 'amount', 'amount_max', { max: rules.max, asset });
  const to = await findRecipient(d.db, input.to_userid, ctx.member.id);
  await refuseWhileHeld(d, ctx.member.id);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const fee = rules.fee_bps > 0 ? feeCeil(amount, rules.fee_bps) : 0n;
  const from = memberAccount(ctx.member.id, input.wallet as WalletKind, asset);

  const details = { from: ctx.member.userid, to: to.userid };
  const legs = [
    { debit: from, credit: memberAccount(to.id, route.to_wallet, asset), amount, kind: 'transfer', details },
    ...(fee > 0n
      ? [{ debit: from, credit: platformAccount('fees', asset), amount: fee, kind: 'transfer_fee', details }]
      : []),
  ];
  return refuseShortfall(() =>
    d.ledger.post(
      {
        key: `m:${ctx.member.id}:${input.idempotency_key}`,
        kind: 'transfer',
        memberId: ctx.member.id,
        request: { to: to.id, amount: amount.toString(), wallet: input.wallet },
      },
      legs,
      (id, posted, createdAt) => ({
        id,
        to_userid: to.userid,
        wallet: input.wallet,
        amount: money(amount, asset),
        fee: money(fee, asset),
        asset,
        balance_after: money(posted[posted.length - 1]!.debitBalanceAfter, asset),
        created_at: createdAt.toISOString(),
      }),
      [to.id],
    ),
  );
}

/**
 * Moves USDT between two of the member's own wallets without fee: funds and trading either way, or out of the
 * deposit wallet (where deposits land) into one of them, so deposited money can be withdrawn, sent or exchanged.
 */
export async function moveBetweenWallets(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof walletMove>,
) {
  if (input.from === input.to) throw fieldRefusal(422, 'to', 'wallet_move_same');
  const asset = 'USDT' as const;
  const amount = parseMoney(input.amount, asset);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const details = { from: input.from, to: input.to };
  return refuseShortfall(() =>
    d.ledger.post(
      {
        key: `m:${ctx.member.id}:${input.idempotency_key}`,
        kind: 'wallet_move',
        memberId: ctx.member.id,
        request: { from: input.from, to: input.to, amount: amount.toString() },
      },
      [
        {
          debit: memberAccount(ctx.member.id, input.from, asset),
          credit: memberAccount(ctx.member.id, input.to, asset),
          amount,
          kind: 'wallet_move',
          details,
        },
      ],
      (id, posted, createdAt) => ({
        id,
        from: input.from,
        to: input.to,
        amount: money(amount, asset),
        fee: '0',
        asset,
        balance_after: money(posted[0]!.creditBalanceAfter, asset),
        created_at: createdAt.toISOString(),
      }),
    ),
  );
}
