import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CustomHeader } from '../../../components/CustomHeader.tsx';
import { HOME_PATH } from '../../../lib/navigation.ts';
import { SECRET, TEXT, textRule } from '../../../lib/textRules.ts';
import { useTypedBeforeHydration } from '../../../lib/typedBeforeHydration.ts';
import { showFieldErrors } from '../../../lib/formErrors.ts';
import { logIn } from '../api.ts';

type Values = { username: string; password: string };

/** Only in-app paths are followed after login, never another site. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/pages/') ? value : HOME_PATH;
}

function initialUsername(state: unknown): string {
  return typeof state === 'object' &&
    state !== null &&
    'username' in state &&
    typeof state.username === 'string'
    ? state.username
    : '';
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  useTypedBeforeHydration(form, { username: 'login-username', password: 'login-password' });

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await logIn(values.username.trim(), values.password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page" data-testid="login-page">
      <CustomHeader title={t('login.title')} />
      <Form
        form={form}
        initialValues={{ username: initialUsername(location.state), password: '' }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item name="username" label={t('fields.username')} rules={[textRule(TEXT(64), 'username')]}>
          <Input
            id="login-username"
            data-testid="login-username"
            placeholder={t('fields.usernamePlaceholder')}
            autoComplete="username"
            clearable
          />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[textRule(SECRET, 'password')]}>
          <Input
            id="login-password"
            data-testid="login-password"
            type="password"
            placeholder={t('fields.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
      </Form>
      <div className="form-links">
        <Link to="/pages/register/register" data-testid="login-register-link">
          {t('login.toRegister')}
        </Link>
        <Link to="/pages/forgotpassword/forgotpassword" data-testid="login-forgot-link">
          {t('login.toForgot')}
        </Link>
      </div>
    </div>
  );
}
