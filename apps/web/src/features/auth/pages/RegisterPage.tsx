import { signupSave } from '@mp/contract';
import { Button, Checkbox, Form, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { signUp } from '../api.ts';
import { ContactFields, type SignupType } from '../components/ContactFields.tsx';
import { PasswordFields } from '../components/PasswordFields.tsx';
import { SponsorFields } from '../components/SponsorFields.tsx';
import { UsernameField } from '../components/UsernameField.tsx';
import { useSubmitThenLogin } from '../useSubmitThenLogin.ts';

type Values = {
  username: string;
  email?: string;
  tel_prefix?: string;
  mobile?: string;
  tac: string;
  password: string;
  confirm_password: string;
  tx_password: string;
  confirm_tx_password: string;
  sponsor_id: string;
  placement_id?: string;
  side: 'L' | 'R';
  agree: boolean;
};

function sideParam(value: string | null): 'L' | 'R' | undefined {
  const upper = value?.toUpperCase();
  return upper === 'L' || upper === 'R' ? upper : undefined;
}

/** Sign-up by e-mail or mobile; `?sponsor=alice&side=L` (and `placement`) in the link pre-fill the tree fields. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const [type, setType] = useState<SignupType>('email');
  const { busy, run } = useSubmitThenLogin(form);
  const shape = signupSave.request.shape;

  const submit = (v: Values) => {
    const contact = type === 'email' ? { email: v.email } : { mobile: v.mobile, tel_prefix: v.tel_prefix };
    return run(v.username, () =>
      signUp({
        username: v.username,
        password: v.password,
        confirm_password: v.confirm_password,
        tx_password: v.tx_password,
        confirm_tx_password: v.confirm_tx_password,
        sponsor_id: v.sponsor_id,
        placement_id: v.placement_id,
        side: v.side,
        signup_type: type,
        tac: v.tac,
        ...contact,
      }),
    );
  };

  return (
    <PageLayout title={t('register.title')} testId="register-page">
      <Tabs activeKey={type} onChange={(key) => setType(key === 'mobile' ? 'mobile' : 'email')}>
        <Tabs.Tab
          key="email"
          title={<span data-testid="register-type-email">{t('register.byEmail')}</span>}
        />
        <Tabs.Tab
          key="mobile"
          title={<span data-testid="register-type-mobile">{t('register.byMobile')}</span>}
        />
      </Tabs>
      <Form
        form={form}
        onFinish={submit}
        initialValues={{
          sponsor_id: params.get('sponsor') ?? '',
          placement_id: params.get('placement') ?? '',
          side: sideParam(params.get('side')),
          agree: false,
        }}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={busy}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        }
      >
        <UsernameField form={form} />
        <ContactFields form={form} type={type} />
        <PasswordFields
          kind="login"
          testId="register"
          label={t('fields.password')}
          schema={shape.password}
          confirmSchema={shape.confirm_password}
        />
        <PasswordFields
          kind="tx"
          testId="register"
          label={t('fields.txPassword')}
          schema={shape.tx_password}
          confirmSchema={shape.confirm_tx_password}
        />
        <SponsorFields form={form} />
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (value !== true) throw new Error(t('register.agreeRequired'));
              },
            },
          ]}
        >
          <Checkbox data-testid="register-agree">{t('register.agree')}</Checkbox>
        </Form.Item>
      </Form>
    </PageLayout>
  );
}
