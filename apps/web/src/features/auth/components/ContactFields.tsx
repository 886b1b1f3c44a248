import { signupSave } from '@mp/contract';
import { Form, Input } from 'antd-mobile';
import type { AppForm } from '../../../lib/validate.ts';
import { useTranslation } from 'react-i18next';
import { TelPrefixPicker } from '../../../components/TelPrefixPicker.tsx';
import { sendSignupTac } from '../api.ts';
import { TacField } from './TacField.tsx';

export type SignupType = 'email' | 'mobile';

type ContactInputProps = {
  name: SignupType;
  type: 'email' | 'tel';
  label: string;
  requiredText: string;
  placeholder: string;
};

/** The required e-mail or mobile-number input (ids `register-email`, `register-mobile`). */
function ContactInput({ name, type, label, requiredText, placeholder }: ContactInputProps) {
  return (
    <Form.Item required name={name} label={label} rules={[{ required: true, message: requiredText }]}>
      <Input id={`register-${name}`} data-testid={`register-${name}`} type={type} placeholder={placeholder} />
    </Form.Item>
  );
}

/** E-mail, or country code + mobile number, and the TAC sent to it. */
export function ContactFields({ form, type }: { form: AppForm; type: SignupType }) {
  const { t } = useTranslation('auth');
  const shape = signupSave.request.shape;

  const sendTo = type === 'email' ? ['email'] : ['tel_prefix', 'mobile'];
  const send = () => {
    const v = form.getFieldsValue(sendTo) as Record<string, string | undefined>;
    return sendSignupTac(
      type === 'email'
        ? { signup_type: 'email', email: v.email }
        : { signup_type: 'mobile', mobile: v.mobile, tel_prefix: v.tel_prefix },
    );
  };

  return (
    <>
      {type === 'email' ? (
        <ContactInput
          name="email"
          type="email"
          label={t('fields.email')}
          requiredText={t('fields.emailRequired')}
          placeholder={t('fields.emailPlaceholder')}
        />
      ) : (
        <>
          <Form.Item
            required
            name="tel_prefix"
            label={t('fields.telPrefix')}
            rules={[{ required: true, message: t('fields.telPrefixRequired') }]}
          >
            <TelPrefixPicker testId="register-tel-prefix" />
          </Form.Item>
          <ContactInput
            name="mobile"
            type="tel"
            label={t('fields.mobile')}
            requiredText={t('fields.mobileRequired')}
            placeholder={t('fields.mobilePlaceholder')}
          />
        </>
      )}
      <TacField form={form} sendTo={sendTo} testId="register" schema={shape.tac} send={send} />
    </>
  );
}
