import {
  adminAdjustApprove,
  adminAdjustBalance,
  adminAdjustments,
  adminLedgerHealth,
  adminSetExchangeRate,
  type AssetCode,
  parseAmount,
  walletHolds,
  type WalletKind,
} from '@mp/contract';
import { handle, reply } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { checkLedger } from '../../ledger/index.ts';
import { parseMoney } from '../../lib/amount.ts';
import { findByUserid } from '../../platform/members.ts';
import { putSetting } from '../../platform/settings.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { exchangeSettings, PRICE_DECIMALS } from '../wallet/index.ts';
import {
  decideAdjustment,
  listAdjustments,
  postAdjustment,
  requestAdjustment,
  signedMoney,
} from './adjustments.ts';
import { audit } from '../../platform/audit.ts';
import { needsSecondApprover } from './two-person.ts';

export function adminMoneyRoutes(d: MoneyDeps) {
  const { db } = d;
  return [
    handle(adminAdjustBalance, async (input, ctx) => {
      const asset = input.asset as AssetCode;
      const wallet = input.wallet as WalletKind;
      if (!walletHolds(wallet, asset)) throw fieldRefusal(422, 'asset', 'wallet_not_allowed');
      const negative = input.amount.startsWith('-');
      const amount = parseMoney(negative ? input.amount.slice(1) : input.amount.replace(/^\+/, ''), asset);
      const member = await findByUserid(db, input.userid);
      if (member?.role !== 'member') throw fieldRefusal(404, 'userid', 'member_not_found');
      await d.totp.require(ctx.member.id, input.totp);
      const adjustment = {
        member: { id: member.id, userid: member.userid },
        wallet,
        asset,
        amount: negative ? -amount : amount,
        reason: input.reason,
      };
      if (await needsSecondApprover(db, asset, amount))
        return reply(
          await requestAdjustment(d, ctx, adjustment, input.idempotency_key),
          'adjustment_pending',
        );
      const result = await d.ledger.operation(
        {
          key: `admin:${ctx.member.id}:${input.idempotency_key}`,
          kind: 'adjustment',
          memberId: member.id,
          request: { userid: member.id, wallet, asset, amount: input.amount, reason: input.reason },
        },
        async (op) => ({
          id: op.operationId,
          userid: member.userid,
          wallet,
          asset,
          amount: signedMoney(adjustment.amount, asset),
          balance_after: await postAdjustment(op, ctx.member, adjustment),
          state: 'posted' as const,
        }),
      );
      return reply(result, 'saved');
    }),

    handle(adminAdjustments, async (input) => listAdjustments(db, input)),

    handle(adminAdjustApprove, async (input, ctx) => {
      await d.totp.require(ctx.member.id, input.totp);
      const view = await decideAdjustment(d, ctx, input);
      return reply(view, input.action === 'approve' ? 'approved' : 'rejected');
    }),

    handle(adminLedgerHealth, async () => ({
      ...(await checkLedger(db)),
      checked_at: d.clock.now().toISOString(),
    })),

    handle(adminSetExchangeRate, async ({ price_usdt, spread_percent }, ctx) => {
      const price = parseAmount(price_usdt, PRICE_DECIMALS);
      if (!price.ok || price.value <= 0n) throw fieldRefusal(422, 'price_usdt', 'rate_invalid');
      const spread = parseAmount(spread_percent, 2);
      if (!spread.ok || spread.value > 5000n) throw fieldRefusal(422, 'spread_percent', 'spread_invalid');
      const current = await exchangeSettings(db);
      const next = { ...current, price_usdt, spread_bps: Number(spread.value) };
      await putSetting(db, 'exchange', next);
      await audit(db, ctx.member.id, 'exchange.set_rate', 'XT', { from: current, to: next });
      return reply({ price_usdt, spread_percent }, 'saved');
    }),
  ];
}
