import { ASSETS, parseAmount } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { cachedSetting } from '../../platform/settings.ts';
import { paidUntilOf } from './queries.ts';

export const BOT_SETTINGS_KEY = 'bots';
/** The operator's switch for all bots, and the bot subscription: `fee` USDT for `days` days ('0' or none: free). */
export type BotSwitch = { enabled: boolean; fee?: string; days?: number };
export const BOT_SUBSCRIPTION_DAYS = 30;

/** The operator's switch as last saved (from memory: the change feed keeps it true). */
export function botSwitch(db: Db): Promise<BotSwitch> {
  return cachedSetting<BotSwitch>(db, BOT_SETTINGS_KEY, { enabled: true });
}

/** The subscription's fee in USDT minor units (0: bots are free). */
export function subscriptionFee(on: BotSwitch): bigint {
  const v = parseAmount(on.fee ?? '0', ASSETS.USDT.decimals);
  return v.ok ? v.value : 0n;
}

export type BotSubscription = Awaited<ReturnType<typeof botSubscription>>;

/** The member's bot subscription as the operator's settings make it: free (fee 0), active, or not. */
export async function botSubscription(db: Db, clock: Clock, memberId: string) {
  const on = await botSwitch(db);
  const fee = subscriptionFee(on);
  const days = on.days ?? BOT_SUBSCRIPTION_DAYS;
  const row = await paidUntilOf(db, memberId);
  const paidUntil = row && row.paid_until.getTime() > 0 ? row.paid_until : undefined;
  return { fee, days, paidUntil, active: fee === 0n || (paidUntil !== undefined && paidUntil > clock.now()) };
}
