import { useQuery } from '@tanstack/react-query';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import { securityStateQuery } from '../lib/security-state.ts';

const REASONS = [
  'password_changed',
  'password_reset',
  'tx_password_changed',
  'email_changed',
  'mobile_changed',
  'totp_disabled',
  'address_changed',
] as const;

/**
 * "Withdrawals and transfers are paused until 27 Nov 21:40 because your e-mail was changed": shown where money
 * moves and on the account-security screens while a security change holds money. Nothing otherwise.
 */
export function SecurityHoldBanner() {
  const { t, i18n } = useTranslation('security');
  const state = useQuery(securityStateQuery);
  const hold = state.data;
  if (!hold?.hold_until) return null;
  const reason = (REASONS as readonly string[]).includes(hold.hold_reason) ? hold.hold_reason : 'other';
  return (
    <NoticeBar
      color="alert"
      wrap
      data-testid="security-hold-banner"
      data-until={hold.hold_until}
      content={t('hold.banner', {
        until: formatDateTime(hold.hold_until, i18n.language as Parameters<typeof formatDateTime>[1]),
        reason: t(`hold.reason.${reason}`),
      })}
    />
  );
}
