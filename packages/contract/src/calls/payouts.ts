import { z } from 'zod';
import { defineCall, empty, formBool, formInt, oneOf, optionalText, text } from '../call.ts';
import { ADDRESS_TYPES, PAYOUT_MODES } from '../constants.ts';

const money = z.string();

/** One network members may bind and withdraw to, and how its approved withdrawals are paid. */
export const payoutNetworkSchema = z.object({
  code: z.enum(ADDRESS_TYPES),
  name: z.string(),
  enabled: z.boolean(),
  mode: z.enum(PAYOUT_MODES),
  /** Whether this server can pay it automatically (a configured chain with a hot wallet on this network). */
  automatic_available: z.boolean(),
});

export const payoutSettingsSchema = z.object({
  networks: z.array(payoutNetworkSchema),
  /** Automatic payouts above this (USDT paid out) wait for a second admin. */
  limit_per_withdrawal_usdt: money,
  /** Automatic payouts of a UTC day above this in total wait for a second admin. */
  limit_daily_usdt: money,
  /** Paid out automatically today (UTC) so far, USDT: queued, sent or confirmed. */
  paid_automatically_today: money,
  /** Any withdrawal (USDT worth) above this needs a second admin, however it is paid. */
  two_person_threshold_usdt: money,
  /** A withdrawal waiting longer than this for a decision or its payment by hand shows on the dashboard. */
  wait_alert_hours: z.number(),
});

export const adminPayoutSettings = defineCall({
  name: 'Admin/payoutsettings',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'The payout networks (enabled, paid automatically or by hand), the automatic payout limits and the two-person threshold',
  request: empty,
  response: payoutSettingsSchema,
});

export const adminPayoutSettingsSave = defineCall({
  name: 'Admin/payoutsettingssave',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Saves the payout networks, limits and two-person threshold (owner, with a fresh authenticator code); audited',
  request: z.object({
    networks: z
      .array(z.object({ code: oneOf(ADDRESS_TYPES), enabled: formBool(), mode: oneOf(PAYOUT_MODES) }))
      .max(ADDRESS_TYPES.length, 'field_invalid'),
    limit_per_withdrawal_usdt: text(20),
    limit_daily_usdt: text(20),
    two_person_threshold_usdt: text(20),
    wait_alert_hours: formInt(1, 24 * 30),
    /** Step-up: a fresh authenticator code when the admin's two-factor is on. */
    totp: optionalText(8),
  }),
  response: payoutSettingsSchema,
});
