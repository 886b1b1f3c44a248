import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { SecurityHoldBanner } from '../../../components/SecurityHoldBanner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { securityStateKeys } from '../../../lib/security-state.ts';
import { totpKeys, totpStatusQuery } from '../../../lib/totp.ts';
import { disableTotp, enableTotp, startTotpSetup } from '../api.ts';

type Setup = Awaited<ReturnType<typeof startTotpSetup>>;

function EnableTotp() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
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
    if (!password) {
      setError(t('passwordRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await enableTotp(code, password);
      showToast(t('enabled'));
      await queryClient.invalidateQueries({ queryKey: totpKeys.status });
      await queryClient.invalidateQueries({ queryKey: securityStateKeys.state });
    } catch (e) {
      setError(
        e instanceof ApiError
          ? (e.fieldError('password') ?? e.fieldError('totp') ?? e.msg)
          : t('common:errors.generic'),
      );
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
      </label>
      <label className="tx-sheet-field" htmlFor="totp-password">
        <span>{t('password')}</span>
        <Input
          id="totp-password"
          data-testid="totp-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
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

/** Turning two-factor off: an authenticator code, the transaction password and the login password. */
function DisableTotp() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ totp: '', tx_password: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = (key: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [key]: v }));

  const disable = async () => {
    if (!/^\d{6,8}$/.test(values.totp)) return setError(t('codeInvalid'));
    if (!values.tx_password || !values.password) return setError(t('passwordRequired'));
    setBusy(true);
    setError('');
    try {
      await disableTotp(values.totp, values.tx_password, values.password);
      showToast(t('disabled'));
      await queryClient.invalidateQueries({ queryKey: totpKeys.status });
      await queryClient.invalidateQueries({ queryKey: securityStateKeys.state });
    } catch (e) {
      setError(
        e instanceof ApiError
          ? (e.fieldError('password') ?? e.fieldError('tx_password') ?? e.fieldError('totp') ?? e.msg)
          : t('common:errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="form-actions">
        <Button block color="danger" fill="outline" onClick={() => setOpen(true)} data-testid="totp-disable">
          {t('disable')}
        </Button>
      </div>
    );
  }
  const field = (key: keyof typeof values, label: string, type: 'password' | 'code') => (
    <label className="tx-sheet-field" htmlFor={`totp-off-${key}`}>
      <span>{label}</span>
      <Input
        id={`totp-off-${key}`}
        data-testid={`totp-off-${key}`}
        type={type === 'password' ? 'password' : 'text'}
        inputMode={type === 'code' ? 'numeric' : undefined}
        autoComplete={type === 'code' ? 'one-time-code' : 'off'}
        maxLength={type === 'code' ? 8 : undefined}
        value={values[key]}
        onChange={set(key)}
      />
    </label>
  );
  return (
    <section className="page-section" data-testid="totp-disable-form">
      <p className="field-hint">{t('disableWarning')}</p>
      {field('password', t('password'), 'password')}
      {field('tx_password', t('txPassword'), 'password')}
      {field('totp', t('code'), 'code')}
      {error ? (
        <p className="field-error" role="alert" data-testid="totp-disable-error">
          {error}
        </p>
      ) : null}
      <Button block color="danger" loading={busy} onClick={disable} data-testid="totp-disable-confirm">
        {t('disableTitle')}
      </Button>
    </section>
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
        <SecurityHoldBanner />
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
