import { updatePwd } from '@mp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { LOGIN_PATH } from '../../../lib/navigation.ts';
import { clearSession } from '../../../lib/session.ts';
import { totpStatusQuery } from '../../../lib/totp.ts';
import { sameAs, showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { changeLoginPassword } from '../api.ts';

type Values = { old_password: string; password: string; confirm_password: string; totp?: string };

/**
 * Changing the login password ends every session, so the member logs in again afterwards. With two-factor on it
 * needs the authenticator code too; withdrawals and transfers are then paused for a day (the page says so).
 */
export default function LoginPasswordPage() {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const shape = updatePwd.request.shape;
  const twoFactor = useQuery(totpStatusQuery);
  const askTotp = twoFactor.data?.enabled === true;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const { totp, ...rest } = v;
      const code = askTotp ? totp?.trim() : undefined;
      const { msg } = await changeLoginPassword({ ...rest, ...(code ? { totp: code } : {}) });
      clearSession();
      showToast(msg);
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('routes:/pages/personal/LoginPassword')} testId="login-password-page">
      <Form
        form={form}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="pwd-submit">
            {t('save')}
          </Button>
        }
      >
        <Form.Item
          name="old_password"
          label={t('password.old')}
          rules={[zodRule(shape.old_password, 'old_password')]}
        >
          <Input id="pwd-old" data-testid="pwd-old" type="password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.new')} rules={[zodRule(shape.password, 'password')]}>
          <Input id="pwd-new" data-testid="pwd-new" type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            zodRule(shape.confirm_password, 'confirm_password'),
            sameAs('password', 'password_mismatch'),
          ]}
        >
          <Input id="pwd-confirm" data-testid="pwd-confirm" type="password" autoComplete="new-password" />
        </Form.Item>
        {askTotp ? (
          <Form.Item
            name="totp"
            label={t('password.totp')}
            rules={[{ required: true, message: t('profile.required.totp') }]}
          >
            <Input
              id="pwd-totp"
              data-testid="pwd-totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
            />
          </Form.Item>
        ) : null}
        <p className="field-hint page-section" data-testid="pwd-hold-note">
          {t('password.holdNote')}
        </p>
      </Form>
    </PageLayout>
  );
}
