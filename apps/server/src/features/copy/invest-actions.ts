import type { investSave, ParsedRequestOf, renewSave, topupSave, updateTrade } from '@mp/contract';
import { parseMoney, money } from '../../lib/amount.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { lockTrader } from './engine.ts';
import {
  activePackage,
  lockInvestment,
  memberKycState,
  saveInvestmentSettings,
  setPoolUnits,
  updateInvestment,
} from './invest-queries.ts';
import { activeInvestment, type InvestDeps, isId, myInvestment, USDT, viewOf } from './investment-views.ts';
import { movePoolCash, PAPER_PER_MINOR, unitsFor } from './pool.ts';

const DAY_MS = 86_400_000;

/** A member invests in a package (`company`: the company strategy's call); the new investment's view. */
export async function invest(
  d: InvestDeps,
  member: SessionMember,
  input: ParsedRequestOf<typeof investSave>,
  company: boolean,
) {
  const { kyc_state } = await memberKycState(d.db, member.id);
  if (kyc_state !== 'approved') throw fieldRefusal(403, 'kyc', 'copy_kyc_required');
  if (!input.agree) throw fieldRefusal(422, 'agree', 'copy_agree_required');
  const p = isId(input.package_id) ? await activePackage(d.db, input.package_id) : undefined;
  if (p?.state !== 'approved') throw fieldRefusal(404, 'package_id', 'copy_package_not_found');
  if (company && !p.company) throw fieldRefusal(422, 'package_id', 'copy_not_company');
  if (!company && p.company) throw fieldRefusal(422, 'package_id', 'copy_company_package');
  if (p.member_id === member.id) throw fieldRefusal(422, 'package_id', 'copy_own_trader');
  const amount = parseMoney(input.amount, USDT);
  if (amount < BigInt(p.min_amount))
    throw fieldRefusal(422, 'amount', 'copy_amount_min', { min: money(p.min_amount, USDT) });
  await d.txPassword.verify(member, input.tx_password);
  if (!p.pool_account_id) await d.engine.ensureAccounts({ id: p.trader_id, member_id: p.member_id });
  const made = await d.engine.invest({
    memberId: member.id,
    packageId: p.id,
    amount,
    stopLossPercent: input.stop_loss_percent,
    autoRenew: input.auto_renew,
    key: input.idempotency_key,
  });
  return viewOf(d, member.id, made.id);
}

/** The investment locked after its trader (the order every pool change takes), still active and the member's. */
async function lockActive(d: InvestDeps, tx: Parameters<typeof lockTrader>[0], memberId: string, id: string) {
  const seen = await myInvestment(d, memberId, id);
  const t = await lockTrader(tx, seen.trader_id);
  const i = await lockInvestment(tx, id);
  if (i.state !== 'active') throw new Refusal(409, 'copy_not_active');
  return { t, i, seen };
}

/** More money into an active investment: units of the pool at its value now. */
export async function topUp(d: InvestDeps, member: SessionMember, input: ParsedRequestOf<typeof topupSave>) {
  const amount = parseMoney(input.amount, USDT);
  const seen = await activeInvestment(d, member.id, input.id);
  await d.txPassword.verify(member, input.tx_password);
  await d.ledger.operation(
    {
      key: `m:${member.id}:${input.idempotency_key}`,
      kind: 'copy_topup',
      memberId: member.id,
      request: { investment: seen.id, amount: amount.toString() },
    },
    async (op) => {
      const { t, i } = await lockActive(d, op.tx, member.id, input.id);
      const s = await d.engine.stateOf(op.tx, t);
      if (s.units > 0n && s.equity <= 0n) throw new Refusal(409, 'copy_pool_empty');
      const units = unitsFor(amount, s);
      if (units <= 0n) throw fieldRefusal(422, 'amount', 'amount_invalid');
      await refuseShortfall(() =>
        op.post([
          {
            debit: memberAccount(member.id, 'trading', USDT),
            credit: platformAccount('copy_custody', USDT),
            amount,
            kind: 'copy_topup',
            reference: `copy:${i.id}`,
            details: { trader: t.display_name },
          },
        ]),
      );
      await movePoolCash(op.tx, t.pool_account_id!, amount * PAPER_PER_MINOR);
      await setPoolUnits(op.tx, t.id, BigInt(t.units) + units);
      await updateInvestment(op.tx, i.id, {
        units: (BigInt(i.units) + units).toString(),
        principal: (BigInt(i.principal) + amount).toString(),
        booked: (BigInt(i.booked) + amount).toString(),
        hwm: (BigInt(i.hwm) + amount).toString(),
      });
      return { id: i.id };
    },
  );
  return viewOf(d, member.id, seen.id);
}

/** Another term for an active investment. */
export async function renew(d: InvestDeps, member: SessionMember, input: ParsedRequestOf<typeof renewSave>) {
  const seen = await activeInvestment(d, member.id, input.id);
  await d.txPassword.verify(member, input.tx_password);
  await d.ledger.operation(
    {
      key: `m:${member.id}:${input.idempotency_key}`,
      kind: 'copy_renew',
      memberId: member.id,
      request: { investment: seen.id },
    },
    async (op) => {
      const { i } = await lockActive(d, op.tx, member.id, input.id);
      await updateInvestment(op.tx, i.id, {
        ends_at: new Date(i.ends_at.getTime() + seen.term_days * DAY_MS),
        renewals: i.renewals + 1,
      });
      return { id: i.id };
    },
  );
  return viewOf(d, member.id, seen.id);
}

type UpdateInput = ParsedRequestOf<typeof updateTrade>;

/** The member stops an active investment: the engine closes it now. */
export async function stopInvestment(d: InvestDeps, member: SessionMember, input: UpdateInput) {
  const seen = await activeInvestment(d, member.id, input.id);
  await d.txPassword.verify(member, input.tx_password ?? '');
  await d.engine.close(seen.id, 'member_stop');
  return viewOf(d, member.id, seen.id);
}

/** The member changes an active investment's stop-loss and auto-renew. */
export async function saveSettings(d: InvestDeps, member: SessionMember, input: UpdateInput) {
  const seen = await activeInvestment(d, member.id, input.id);
  const saved = await saveInvestmentSettings(d.db, seen.id, {
    stop_loss_percent: input.stop_loss_percent,
    auto_renew: input.auto_renew,
  });
  if (saved.numUpdatedRows === 0n) throw new Refusal(409, 'copy_not_active');
  return viewOf(d, member.id, seen.id);
}
