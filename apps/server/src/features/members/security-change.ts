import { type Language, type MessageKey, translate } from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { fieldRefusal, TooManyRequests } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { Destination } from '../../platform/tac.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import {
  DEFAULT_HOLD_HOURS,
  SECURITY_HOLD_SETTING,
  securityEventsChanged,
  utcText,
} from '../../platform/security-hold.ts';
import { getSetting } from '../../platform/settings.ts';

export type ChangeKind =
  | 'email_changed'
  | 'mobile_changed'
  | 'password_changed'
  | 'tx_password_changed'
  | 'totp_enabled'
  | 'totp_disabled'
  | 'address_changed';

const NOTICES: Record<ChangeKind, MessageKey> = {
  email_changed: 'security_notice_email_changed',
  mobile_changed: 'security_notice_mobile_changed',
  password_changed: 'security_notice_password_changed',
  tx_password_changed: 'security_notice_tx_password_changed',
  totp_enabled: 'security_notice_totp_enabled',
  totp_disabled: 'security_notice_totp_disabled',
  address_changed: 'security_notice_address_changed',
};

export type SecurityChange = {
  memberId: string;
  kind: ChangeKind;
  ip: string;
  /**
   * Whether it changed something the member already had (a password, a contact, a bound address): only such a
   * change holds money. A first e-mail or a first address holds nothing.
   */
  holds: boolean;
  /** The new value, masked (j***@x.com), for the record and the notice. */
  to?: string;
  /** The old value, masked, for the record. */
  from?: string;
};

/** Records a change in the transaction that makes it, so the change and its event commit together. */
export async function recordChange(deps: Deps, tx: Conn, change: SecurityChange): Promise<void> {
  await recordSecurityEvent(tx, {
    memberId: change.memberId,
    kind: change.kind,
    ip: change.ip,
    at: deps.clock.now(),
    details: {
      ...(change.from !== undefined ? { from: change.from } : {}),
      ...(change.to !== undefined ? { to: change.to } : {}),
      ...(change.holds ? {} : { hold: false }),
    },
  });
  securityEventsChanged(deps.db, change.memberId);
}

/**
 * Tells the member's previous contact about a change made on their account, with the hold it started. Sent after
 * the change committed; a notifier failure is logged and does not undo or fail the change.
 */
export async function noticeChange(
  deps: Deps,
  to: Destination | undefined,
  lang: Language,
  change: SecurityChange,
): Promise<void> {
  if (!to) return;
  const now = deps.clock.now();
  let body = translate(NOTICES[change.kind], lang, { to: change.to ?? '', at: utcText(now) });
  if (change.holds) {
    const hours = Number(await getSetting<unknown>(deps.db, SECURITY_HOLD_SETTING, DEFAULT_HOLD_HOURS));
    if (Number.isFinite(hours) && hours > 0)
      body += ` ${translate('security_notice_hold', lang, { until: utcText(new Date(now.getTime() + hours * 3_600_000)) })}`;
  }
  try {
    await deps.notifier.send({
      channel: to.channel,
      destination: to.address,
      subject: translate('security_notice_subject', lang),
      body,
    });
  } catch (err) {
    deps.log?.error({ err, memberId: change.memberId, kind: change.kind }, 'security notice not sent');
  }
}

const WRONG_TRIES = 5;
const WRONG_WINDOW_MS = 15 * 60_000;

/**
 * The login password, asked again before a security change, so that a stolen session alone changes nothing.
 * Wrong tries count: after 5 in 15 minutes every try is refused with 429.
 */
export async function requireLoginPassword(
  deps: Deps,
  member: { id: string; password_hash: string | null },
  password: string | undefined,
  field = 'password',
): Promise<void> {
  if (!password) throw fieldRefusal(422, field, 'password_required_for_change');
  const key = `loginpw:${member.id}`;
  const wrong = await deps.limiter.count(key);
  if (wrong.count >= WRONG_TRIES) throw new TooManyRequests(wrong.retryAfterSeconds);
  if (member.password_hash && (await verifyPassword(member.password_hash, password))) return;
  await deps.limiter.hit(key, WRONG_TRIES, WRONG_WINDOW_MS);
  throw fieldRefusal(422, field, 'old_password_wrong');
}
