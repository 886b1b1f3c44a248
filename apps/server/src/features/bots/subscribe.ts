import type { botSubscribe, ParsedRequestOf } from '@mp/contract';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { Refusal } from '../../lib/errors.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import type { BotDeps, Caller } from './access.ts';
import { lockedPaidUntil, setPaidUntil } from './queries.ts';
import { botSubscription } from './settings.ts';

/** Pays the bot subscription from the trading wallet: it runs `days` more days from its end (or from now). */
export async function subscribeBots(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botSubscribe>) {
  const sub = await botSubscription(d.db, d.clock, caller.member.id);
  if (sub.fee === 0n) throw new Refusal(409, 'bot_subscription_free');
  await d.txPassword.verify(caller.member, input.tx_password);
  const memberId = caller.member.id;
  const result = await refuseShortfall(() =>
    d.ledger.operation(
      {
        key: `m:${memberId}:${input.idempotency_key}`,
        kind: 'bot_subscription',
        memberId,
        request: { fee: sub.fee.toString(), days: sub.days },
      },
      async (op) => {
        // One subscription row per member, locked: payments at once extend it one after the other.
        const paidUntil = await lockedPaidUntil(op.tx, memberId);
        const now = d.clock.now();
        const from = Math.max(paidUntil.getTime(), now.getTime());
        const until = new Date(from + sub.days * 86_400_000);
        const [posted] = await op.post([
          {
            debit: memberAccount(memberId, 'trading', 'USDT'),
            credit: platformAccount('fees', 'USDT'),
            amount: sub.fee,
            kind: 'bot_subscription',
            reference: `bots:${until.toISOString().slice(0, 10)}`,
            details: { days: String(sub.days) },
          },
        ]);
        await setPaidUntil(op.tx, memberId, until, now);
        return {
          fee: money(sub.fee, 'USDT'),
          paid_until: until.toISOString(),
          balance_after: money(posted!.debitBalanceAfter, 'USDT'),
        };
      },
    ),
  );
  return result;
}
