import { useQuery } from '@tanstack/react-query';
import { Dialog, Input } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { myRoleQuery } from './security-api.ts';

/**
 * Step-up for money actions: when the admin's two-factor is on, asks a fresh code from the authenticator app.
 * Resolves '' when no code is needed, null when the admin cancels.
 */
export function useStepUp(): () => Promise<string | null> {
  const { t } = useTranslation('admin');
  const role = useQuery(myRoleQuery());
  const enabled = role.data?.totp_enabled ?? false;
  return useCallback(async () => {
    if (!enabled) return '';
    let code = '';
    const ok = await Dialog.confirm({
      title: t('admins.stepUpTitle'),
      content: (
        <Input
          id="stepup-totp"
          data-testid="stepup-totp"
          aria-label={t('admins.stepUpCode')}
          placeholder={t('admins.stepUpCode')}
          inputMode="numeric"
          maxLength={8}
          autoFocus
          onChange={(v) => {
            code = v.trim();
          }}
        />
      ),
      confirmText: t('admins.stepUpConfirm'),
      cancelText: t('admins.stepUpCancel'),
    });
    return ok ? code : null;
  }, [enabled, t]);
}
