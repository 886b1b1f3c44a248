import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TacButton } from '../../../components/TacButton.tsx';
import { TelPrefixPicker } from '../../../components/TelPrefixPicker.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { personalKeys, saveProfile, sendMemberTac } from '../api.ts';

type Kind = 'email' | 'mobile';
type Values = { email?: string; mobile?: string; tel_prefix?: string; tac: string };

/** Changing the e-mail or mobile number: the TAC goes to the new address, which proves it. */
export function ContactForm() {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('email');
  const [hint, setHint] = useState('');
  const [busy, setBusy] = useState(false);
  const contactFields = kind === 'email' ? ['email'] : ['tel_prefix', 'mobile'];

  const send = async () => {
    await form.validateFields(contactFields);
    const v = form.getFieldsValue(contactFields) as Values;
    try {
      return await sendMemberTac({
        purpose: 'profile',
        ...(kind === 'email' ? { email: v.email } : { mobile: v.mobile, tel_prefix: v.tel_prefix }),
      });
    } catch (error) {
      showFieldErrors(form, error);
      throw error;
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const contact = kind === 'email' ? { email: v.email } : { mobile: v.mobile, tel_prefix: v.tel_prefix };
      const { msg } = await saveProfile({ ...contact, tac: v.tac });
      showToast(msg);
      form.resetFields();
      setHint('');
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  const required = (key: string) => [{ required: true, message: t(`profile.required.${key}`) }];

  return (
    <Form
      form={form}
      onFinish={submit}
      mode="card"
      footer={
        <Button block type="submit" color="primary" loading={busy} data-testid="profile-contact-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Header>{t('profile.changeContact')}</Form.Header>
      <Form.Item label={t('profile.contactType')}>
        <Radio.Group value={kind} onChange={(v) => setKind(v === 'mobile' ? 'mobile' : 'email')}>
          <Space>
            <Radio value="email" data-testid="profile-contact-email">
              {t('profile.fields.email')}
            </Radio>
            <Radio value="mobile" data-testid="profile-contact-mobile">
              {t('profile.fields.mobile')}
            </Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {kind === 'email' ? (
        <Form.Item name="email" label={t('profile.newEmail')} rules={required('email')}>
          <Input id="profile-email" data-testid="profile-email" type="email" />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="tel_prefix" label={t('profile.telPrefix')} rules={required('telPrefix')}>
            <TelPrefixPicker testId="profile-tel-prefix" />
          </Form.Item>
          <Form.Item name="mobile" label={t('profile.newMobile')} rules={required('mobile')}>
            <Input id="profile-mobile" data-testid="profile-mobile" type="tel" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="tac"
        label={t('profile.tac')}
        rules={required('tac')}
        extra={<TacButton send={send} onSent={setHint} testId="profile-tac-send" />}
        description={hint ? <span className="field-hint">{hint}</span> : undefined}
      >
        <Input id="profile-tac" data-testid="profile-tac" inputMode="numeric" />
      </Form.Item>
    </Form>
  );
}
