import { ASSETS, type adminPayoutSettingsSave, type ParsedRequestOf, parseAmount } from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import { inTransaction } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { putSetting } from '../../platform/settings.ts';
import { TWO_PERSON_SETTING, twoPersonThreshold } from '../admin/index.ts';
import { networkName } from './address.ts';
import { paidAutomaticallyToday } from './approvals.ts';
import { PAYOUT_SETTING, readPayoutRules } from './payout-networks.ts';

type SaveInput = ParsedRequestOf<typeof adminPayoutSettingsSave>;

const usdt = (minor: bigint) => money(minor, 'USDT');

/** The admin's payout page: each network (open, how it is paid), the limits of automatic payouts, the threshold. */
export async function payoutSettingsView(d: MoneyDeps) {
  const [rules, today, threshold] = await Promise.all([
    readPayoutRules(d.db, d.config.chain),
    paidAutomaticallyToday(d.db, d.clock.now()),
    twoPersonThreshold(d.db),
  ]);
  return {
    networks: rules.networks.map((n) => ({ ...n, name: networkName(n.code) })),
    limit_per_withdrawal_usdt: usdt(rules.limitPerWithdrawal),
    limit_daily_usdt: usdt(rules.limitDaily),
    paid_automatically_today: usdt(today),
    two_person_threshold_usdt: usdt(threshold),
    wait_alert_hours: rules.waitAlertHours,
  };
}

/** A USDT amount field of the form: a plain decimal, not below zero, at most the asset's decimals. */
function usdtField(text: string, field: string): string {
  const parsed = parseAmount(text.trim(), ASSETS.USDT.decimals);
  if (!parsed.ok || parsed.value < 0n) throw fieldRefusal(422, field, 'field_invalid');
  return usdt(parsed.value);
}

/**
 * The owner saves the payout settings (with a fresh authenticator code). Automatic is refused on a network this
 * server cannot pay; at least one network stays open. Networks left out of the request keep their settings. Audited
 * with the settings before and after.
 */
export async function savePayoutSettings(d: MoneyDeps, ctx: AuthedContext, input: SaveInput) {
  await d.totp.require(ctx.member.id, input.totp);
  const before = await payoutSettingsView(d);
  const networks = Object.fromEntries(
    before.networks.map((n) => [n.code, { enabled: n.enabled, mode: n.mode }]),
  );
  for (const n of input.networks) {
    const current = before.networks.find((x) => x.code === n.code);
    if (n.mode === 'automatic' && !current?.automatic_available)
      throw fieldRefusal(422, 'networks', 'automatic_unavailable', { network: networkName(n.code) });
    networks[n.code] = { enabled: n.enabled, mode: n.mode };
  }
  if (!Object.values(networks).some((n) => n.enabled)) throw new Refusal(422, 'network_required');
  const value = {
    networks,
    limit_per_withdrawal_usdt: usdtField(input.limit_per_withdrawal_usdt, 'limit_per_withdrawal_usdt'),
    limit_daily_usdt: usdtField(input.limit_daily_usdt, 'limit_daily_usdt'),
    wait_alert_hours: input.wait_alert_hours,
  };
  const threshold = usdtField(input.two_person_threshold_usdt, 'two_person_threshold_usdt');
  await inTransaction(d.db, async (tx) => {
    await putSetting(tx, PAYOUT_SETTING, value);
    await putSetting(tx, TWO_PERSON_SETTING, threshold);
    await audit(tx, ctx.member.id, 'payouts.settings', PAYOUT_SETTING, {
      before: { ...before, paid_automatically_today: undefined },
      after: { ...value, two_person_threshold_usdt: threshold },
    });
  });
  // Written in a transaction: this server's cache hears of it once committed (the others by the change feed).
  noteChanged(d.db, 'settings', [PAYOUT_SETTING, TWO_PERSON_SETTING]);
  return payoutSettingsView(d);
}
