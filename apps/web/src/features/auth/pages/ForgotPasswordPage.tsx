import { resetPassword } from '@mp/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { zodRule } from '../../../lib/validate.ts';
import { resetLoginPassword, sendResetTac } from '../api.ts';
import { PasswordFields } from '../components/PasswordFields.tsx';
import { TacField } from '../components/TacField.tsx';
import { useSubmitThenLogin } from '../useSubmitThenLogin.ts';

type Values = { username: string; tac: string; password: string; confirm_password: string };

/** Username -> TAC to the member's e-mail or mobile -> new password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const { busy, run } = useSubmitThenLogin(form);
  const shape = resetPassword.request.shape;

  const send = () => sendResetTac(String(form.getFieldValue('username') ?? '').trim());

  const submit = (v: Values) =>
    run(v.username, () => resetLoginPassword({ ...v, username: v.username.trim() }));

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
        <TacField form={form} sendTo={['username']} testId="forgot" schema={shape.tac} send={send} />
        <PasswordFields
          kind="login"
          testId="forgot"
          label={t('fields.newPassword')}
          schema={shape.password}
          confirmSchema={shape.confirm_password}
        />
      </Form>
    </PageLayout>
  );
}
