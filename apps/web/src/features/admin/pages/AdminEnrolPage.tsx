import { totpEnable, totpSetup } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { api, apiEnvelope } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { securityKeys } from '../security-api.ts';
import '../admin.css';

/**
 * Two-factor enrolment for admins: required before any admin call outside demo mode (the admin home sends them here),
 * offered in demo mode. Scan the QR code (or type the key), then confirm with a code and the login password.
 */
export default function AdminEnrolPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setup = useQuery({
    queryKey: ['admin', 'totp-setup'],
    queryFn: () => api(totpSetup, {}),
    staleTime: Infinity,
  });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const enable = async () => {
    setBusy(true);
    try {
      const { msg } = await apiEnvelope(totpEnable, { totp: code.trim(), password });
      showToast(msg);
      await queryClient.invalidateQueries({ queryKey: securityKeys.myRole });
      navigate('/pages/admin/admin', { replace: true });
    } catch {
      // The API client has shown the refusal (a wrong or reused code, a wrong password).
    } finally {
      setBusy(false);
    }
  };

  const s = setup.data;
  return (
    <PageLayout title={t('routes:/pages/admin/enrol')} testId="admin-enrol-page">
      <p className="field-hint page-section" data-testid="enrol-intro">
        {t('admins.enrolIntro')}
      </p>
      {s?.enabled ? (
        <p data-testid="enrol-done">{t('admins.enrolDone')}</p>
      ) : s ? (
        <section className="page-section totp-setup" data-testid="enrol-setup">
          <img
            className="totp-qr"
            src={s.qr_data_url}
            alt={t('admins.enrolQr')}
            width={200}
            height={200}
            data-testid="enrol-qr"
          />
          <p className="totp-secret">
            {t('admins.enrolKey')} <code data-testid="enrol-secret">{s.secret}</code>
          </p>
          <label className="tx-sheet-field" htmlFor="enrol-code">
            <span>{t('admins.stepUpCode')}</span>
            <Input
              id="enrol-code"
              data-testid="enrol-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, ''))}
            />
          </label>
          <label className="tx-sheet-field" htmlFor="enrol-password">
            <span>{t('admins.loginPassword')}</span>
            <Input
              id="enrol-password"
              data-testid="enrol-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
          </label>
          <Button
            color="primary"
            block
            loading={busy}
            onClick={() => void enable()}
            data-testid="enrol-submit"
          >
            {t('admins.enrolSubmit')}
          </Button>
        </section>
      ) : null}
    </PageLayout>
  );
}
