import { signupSave } from '@mp/contract';
import { Form, Input } from 'antd-mobile';
import type { AppForm } from '../../../lib/validate.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TacButton } from '../../../components/TacButton.tsx';
import { TelPrefixPicker } from '../../../components/TelPrefixPicker.tsx';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { sendSignupTac } from '../api.ts';

export type SignupType = 'email' | 'mobile';

/** E-mail, or country code + mobile number, and the TAC sent to it. */
export function ContactFields({ form, type }: { form: AppForm; type: SignupType }) {
  const { t } = useTranslation('auth');
  const shape = signupSave.request.shape;
  const [hint, setHint] = useState('');

  const send = async () => {
    const fields = type === 'email' ? ['email'] : ['tel_prefix', 'mobile'];
    await form.validateFields(fields);
    const v = form.getFieldsValue(fields) as Record<string, string | undefined>;
    try {
      return await sendSignupTac(
        type === 'email'
          ? { signup_type: 'email', email: v.email }
          : { signup_type: 'mobile', mobile: v.mobile, tel_prefix: v.tel_prefix },
      );
    } catch (error) {
      showFieldErrors(form, error);
      throw error;
    }
  };

  return (
    <>
      {type === 'email' ? (
        <Form.Item
          required
          name="email"
          label={t('fields.email')}
          rules={[{ required: true, message: t('fields.emailRequired') }]}
        >
          <Input
            id="register-email"
            data-testid="register-email"
            type="email"
            placeholder={t('fields.emailPlaceholder')}
          />
        </Form.Item>
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
          <Form.Item
            required
            name="mobile"
            label={t('fields.mobile')}
            rules={[{ required: true, message: t('fields.mobileRequired') }]}
          >
            <Input
              id="register-mobile"
              data-testid="register-mobile"
              type="tel"
              placeholder={t('fields.mobilePlaceholder')}
            />
          </Form.Item>
        </>
      )}
      <Form.Item
        required
        name="tac"
        label={t('fields.tac')}
        rules={[zodRule(shape.tac, 'tac')]}
        extra={<TacButton send={send} onSent={setHint} testId="register-tac-send" />}
        description={
          hint ? (
            <span className="field-hint" data-testid="register-tac-hint">
              {hint}
            </span>
          ) : undefined
        }
      >
        <Input
          id="register-tac"
          data-testid="register-tac"
          inputMode="numeric"
          placeholder={t('fields.tacPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
