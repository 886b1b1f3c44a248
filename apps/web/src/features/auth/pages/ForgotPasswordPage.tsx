import { resetPassword } from '@mp/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { TacButton } from '../../../components/TacButton.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { LOGIN_PATH } from '../../../lib/navigation.ts';
import { sameAs, showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { resetLoginPassword, sendResetTac } from '../api.ts';

type Values = { username: string; tac: string; password: string; confirm_password: string };

/** Username -> TAC to the member's e-mail or mobile -> new password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState('');
  const shape = resetPassword.request.shape;

  const send = async () => {
    await form.validateFields(['username']);
    const username = String(form.getFieldValue('username') ?? '').trim();
    try {
      return await sendResetTac(username);
    } catch (error) {
      showFieldErrors(form, error);
      throw error;
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const { msg } = await resetLoginPassword({ ...v, username: v.username.trim() });
      showToast(msg);
      navigate(LOGIN_PATH, { replace: true, state: { username: v.username.trim() } });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('forgot.title')} testId="forgot-page">
      <Form
        form={form}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
        }
      >
        <Form.Item
          required
          name="username"
          label={t('fields.username')}
          rules={[zodRule(shape.username, 'username')]}
        >
          <Input id="forgot-username" data-testid="forgot-username" autoComplete="username" />
        </Form.Item>
        <Form.Item
          required
          name="tac"
          label={t('fields.tac')}
          rules={[zodRule(shape.tac, 'tac')]}
          extra={<TacButton send={send} onSent={setHint} testId="forgot-tac-send" />}
          description={
            hint ? (
              <span className="field-hint" data-testid="forgot-tac-hint">
                {hint}
              </span>
            ) : undefined
          }
        >
          <Input
            id="forgot-tac"
            data-testid="forgot-tac"
            inputMode="numeric"
            placeholder={t('fields.tacPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          required
          name="password"
          label={t('fields.newPassword')}
          rules={[zodRule(shape.password, 'password')]}
        >
          <Input
            id="forgot-password"
            data-testid="forgot-password"
            type="password"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          required
          name="confirm_password"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={[
            zodRule(shape.confirm_password, 'confirm_password'),
            sameAs('password', 'password_mismatch'),
          ]}
        >
          <Input
            id="forgot-confirm-password"
            data-testid="forgot-confirm-password"
            type="password"
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </PageLayout>
  );
}
