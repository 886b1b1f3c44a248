import type { Deps } from '../../platform/deps.ts';
import { maskDestination } from '../../platform/tac.ts';
import type { Totp } from '../../platform/factors.ts';
import { memberDestination } from './contact.ts';
import { findById } from './queries.ts';
import { securityHold } from '../../platform/security-hold.ts';

/** What the account-security and money screens show: the hold (until when, why) and where codes go. */
export async function loadSecurityState(deps: Deps, totp: Totp, memberId: string) {
  const [m, hold, totpEnabled] = await Promise.all([
    findById(deps.db, memberId),
    securityHold(deps, memberId),
    totp.status(memberId),
  ]);
  const to = m ? memberDestination(m) : undefined;
  return {
    hold_until: hold ? hold.until.toISOString() : '',
    hold_reason: hold?.reason ?? '',
    contact: to ? maskDestination(to) : '',
    contact_channel: to?.channel ?? ('' as const),
    totp_enabled: totpEnabled,
  };
}
