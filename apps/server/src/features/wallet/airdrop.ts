import { ASSETS, type airdropSave, type ParsedRequestOf, parseAmount } from '@mp/contract';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { memberAccount } from '../../ledger/index.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { findRecipient } from './recipient.ts';
import { AIRDROP } from './settings.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';

/** A member sends platform tokens from their funds wallet to another member's. */
export async function airdropTokens(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof airdropSave>,
) {
  const amount = parseMoney(input.amount, AIRDROP.asset);
  const min = parseAmount(AIRDROP.min, ASSETS[AIRDROP.asset].decimals);
  if (min.ok && amount < min.value)
    throw fieldRefusal(422, 'amount', 'amount_min', { min: AIRDROP.min, asset: AIRDROP.asset });
  const to = await findRecipient(d.db, input.to_userid, ctx.member.id);
  await d.txPassword.verify(ctx.member, input.tx_password);
  return refuseShortfall(() =>
    d.ledger.post(
      {
        key: `m:${ctx.member.id}:${input.idempotency_key}`,
        kind: 'airdrop',
        memberId: ctx.member.id,
        request: { to: to.id, amount: amount.toString(), note: input.note ?? '' },
      },
      [
        {
          debit: memberAccount(ctx.member.id, AIRDROP.wallet, AIRDROP.asset),
          credit: memberAccount(to.id, AIRDROP.wallet, AIRDROP.asset),
          amount,
          kind: 'airdrop',
          reference: input.note ?? '',
          details: { from: ctx.member.userid, to: to.userid },
        },
      ],
      (id, posted, createdAt) => ({
        id,
        to_userid: to.userid,
        amount: money(amount, AIRDROP.asset),
        fee: '0',
        asset: AIRDROP.asset,
        balance_after: money(posted[0]!.debitBalanceAfter, AIRDROP.asset),
        created_at: createdAt.toISOString(),
      }),
      [to.id],
    ),
  );
}
