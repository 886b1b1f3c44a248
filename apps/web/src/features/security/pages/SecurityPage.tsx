import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { totpKeys, totpStatusQuery } from '../../../lib/totp.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { disableTotp, enableTotp, startTotpSetup } from '../api.ts';

type Setup = Awaited<ReturnType<typeof startTotpSetup>>;

function EnableTotp() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await startTotpSetup());
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      showToast(t('common:copied'));
    } catch {
      showToast(t('copyFailed'));
    }
  };
  const enable = async () => {
    if (!/^\d{6,8}$/.test(code)) {
      setError(t('codeInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await enableTotp(code);
      showToast(t('enabled'));
      await queryClient.invalidateQueries({ queryKey: totpKeys.status });
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldError('totp') ?? e.msg) : t('common:errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <div className="form-actions">
        <p className="field-hint">{t('intro')}</p>
        <Button block color="primary" loading={busy} onClick={start} data-testid="totp-start">
          {t('start')}
        </Button>
      </div>
    );
  }
  return (
    <section className="page-section totp-setup" data-testid="totp-setup">
      <ol>
        <li>{t('step1')}</li>
        <li>{t('step2')}</li>
      </ol>
      <img
        className="totp-qr"
        src={setup.qr_data_url}
        alt={t('qrAlt')}
        data-testid="totp-qr"
        width={200}
        height={200}
      />
      <div className="totp-secret">
        <code data-testid="totp-secret">{setup.secret}</code>
        <Button size="small" onClick={copy} aria-label={t('copySecret')} data-testid="totp-copy">
          {t('common:copy')}
        </Button>
      </div>
      <label className="tx-sheet-field" htmlFor="totp-code">
        <span>{t('code')}</span>
        <Input
          id="totp-code"
          data-testid="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, ''))}
        />
        {error ? (
          <span className="field-error" data-testid="totp-code-error">
            {error}
          </span>
        ) : null}
      </label>
      <Button block color="primary" loading={busy} onClick={enable} data-testid="totp-enable">
        {t('enable')}
      </Button>
    </section>
  );
}

function DisableTotp() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const flow = useTxSubmit({
    onSuccess: () => {
      showToast(t('disabled'));
      void queryClient.invalidateQueries({ queryKey: totpKeys.status });
    },
  });
  return (
    <div className="form-actions">
      {flow.outcome.state === 'error' ? (
        <p className="field-error" role="alert" data-testid="totp-disable-error">
          {flow.outcome.message}
        </p>
      ) : null}
      <Button
        block
        color="danger"
        fill="outline"
        onClick={() => flow.review({}, (s) => disableTotp(s.totp ?? '', s.tx_password))}
        data-testid="totp-disable"
      >
        {t('disable')}
      </Button>
      <TxPasswordSheet {...flow.sheet} totp title={t('disableTitle')} testId="totp-disable-sheet" />
    </div>
  );
}

/** Two-factor authentication: set up an authenticator app (QR code and secret), turn it on or off. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  const status = useQuery(totpStatusQuery);
  let body = null;
  if (status.isPending) body = <LoadingBlock testId="totp-loading" />;
  else if (status.isError) body = <LoadFailed onRetry={() => void status.refetch()} testId="totp-error" />;
  else {
    const on = status.data.enabled;
    body = (
      <>
        <List>
          <List.Item
            extra={
              <Tag
                color={on ? 'success' : 'default'}
                data-testid="totp-status"
                data-state={on ? 'on' : 'off'}
              >
                {on ? t('on') : t('off')}
              </Tag>
            }
            description={t('explain')}
          >
            {t('title')}
          </List.Item>
        </List>
        {on ? <DisableTotp /> : <EnableTotp />}
      </>
    );
  }
  return (
    <PageLayout title={t('routes:/pages/personal/security')} testId="security-page">
      {body}
    </PageLayout>
  );
}
