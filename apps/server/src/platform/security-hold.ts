import type { MessageKey } from '@mp/contract';
import { sql } from 'kysely';
import { feedOf, noteChanged } from '../db/change-feed.ts';
import type { Db } from '../db/database.ts';
import { createReadCache, type ReadCache } from '../db/read-cache.ts';
import { Refusal } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { cachedSetting } from './settings.ts';

/**
 * Security events that hold withdrawals, transfers and address binding: a change of an existing credential or
 * contact. Each maps to the refusal that names it. Turning two-factor on adds a factor and holds nothing.
 */
const HOLD_MESSAGES = {
  password_changed: 'security_hold_password_changed',
  password_reset: 'security_hold_password_reset',
  tx_password_changed: 'security_hold_tx_password_changed',
  email_changed: 'security_hold_email_changed',
  mobile_changed: 'security_hold_mobile_changed',
  totp_disabled: 'security_hold_totp_disabled',
  address_changed: 'security_hold_address_changed',
} as const satisfies Record<string, MessageKey>;

export type HoldReason = keyof typeof HOLD_MESSAGES;
const HOLD_KINDS = Object.keys(HOLD_MESSAGES) as HoldReason[];

export const SECURITY_HOLD_SETTING = 'security_hold_hours';
export const DEFAULT_HOLD_HOURS = 24;

export type SecurityHold = { until: Date; reason: HoldReason };

async function holdHours(db: Db): Promise<number> {
  const value = Number(await cachedSetting<unknown>(db, SECURITY_HOLD_SETTING, DEFAULT_HOLD_HOURS));
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_HOLD_HOURS;
}

type LatestChange = { at: number; reason: HoldReason } | null;

/**
 * Every transfer asks for the hold, so each server keeps each member's latest holding change in a read cache that the
 * change feed empties when a security event is added (migration 0028) or a setting changes.
 */
const caches = new WeakMap<Db, ReadCache<LatestChange>>();
function cacheOf(db: Db): ReadCache<LatestChange> {
  let cache = caches.get(db);
  if (!cache) {
    cache = createReadCache<LatestChange>(feedOf(db), {
      tables: ['security_events', 'settings'],
      ttlMs: 60_000,
      max: 100_000,
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Tells this server's cache that a member's security events changed: the writer calls it in the transaction that adds
 * one, and every server hears the commit (the notification may come a moment after the writer's own answer).
 */
export function securityEventsChanged(db: Db, memberId: string): void {
  noteChanged(db, 'security_events', [memberId]);
}

/**
 * The hold that the latest security change started, while it lasts. Events recorded with `details.hold = false`
 * (a first binding, a first contact) hold nothing.
 */
export async function securityHold(deps: { db: Db; clock: Clock }, memberId: string) {
  const hours = await holdHours(deps.db);
  if (hours <= 0) return undefined;
  const now = deps.clock.now().getTime();
  const latest = await cacheOf(deps.db).get(memberId, () => latestChange(deps.db, memberId, now, hours));
  if (!latest) return undefined;
  const hold: SecurityHold = { until: new Date(latest.at + hours * 3_600_000), reason: latest.reason };
  return hold.until.getTime() > now ? hold : undefined;
}

/** The latest holding change within the hold's length (older ones hold nothing whatever the clock says later). */
async function latestChange(db: Db, memberId: string, now: number, hours: number): Promise<LatestChange> {
  const row = await db
    .selectFrom('security_events')
    .select(['kind', 'at'])
    .where('member_id', '=', memberId)
    .where('kind', 'in', HOLD_KINDS)
    .where('at', '>', new Date(now - hours * 3_600_000))
    .where(sql<boolean>`coalesce(details->>'hold', 'true') <> 'false'`)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { at: new Date(row.at).getTime(), reason: row.kind as HoldReason } : null;
}

/** A time for a message that reaches people in any zone: `2026-11-27 21:40 UTC`. */
export function utcText(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Refuses (409 `security_hold_<reason>`, with the time) while a security change holds money. */
export async function refuseWhileHeld(deps: { db: Db; clock: Clock }, memberId: string): Promise<void> {
  const hold = await securityHold(deps, memberId);
  if (hold) throw new Refusal(409, HOLD_MESSAGES[hold.reason], { until: utcText(hold.until) });
}
