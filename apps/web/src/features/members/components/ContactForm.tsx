import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TacButton } from '../../../components/TacButton.tsx';
import { TelPrefixPicker } from '../../../components/TelPrefixPicker.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { securityStateKeys, securityStateQuery } from '../../../lib/security-state.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import { personalKeys, saveProfile, sendMemberTac } from '../api.ts';

type Kind = 'email' | 'mobile';
type FormInstance = ReturnType<typeof Form.useForm>[0];
type Values = {
  email?: string;
  mobile?: string;
  tel_prefix?: string;
  password: string;
  tac?: string;
  new_tac: string;
  totp?: string;
};

const requiredRules = (t: (key: string) => string, key: string) => [
  { required: true, message: t(`profile.required.${key}`) },
];

/**
 * Changing the e-mail or mobile number: the login password (and the authenticator code when two-factor is on), a
 * code sent to the current contact, shown masked, and a code sent to the new contact, which proves it. A member with
 * no contact on file has only the password and the new contact's code.
 */
export function ContactForm() {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm();
  const security = useQuery(securityStateQuery);
  const [kind, setKind] = useState<Kind>('email');
  const current = security.data?.contact ?? '';
  const askTotp = security.data?.totp_enabled === true;
  const change = useContactChange(form, kind, current, askTotp);

  const required = (key: string) => requiredRules(t, key);
  return (
    <Form
      form={form}
      onFinish={change.submit}
      mode="card"
      footer={
        <Button block type="submit" color="primary" loading={change.busy} data-testid="profile-contact-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Header>{t('profile.changeContact')}</Form.Header>
      <ContactTypeField kind={kind} onChange={setKind} />
      <NewContactFields kind={kind} />
      <Form.Item
        name="password"
        label={t('profile.password')}
        rules={required('password')}
        description={<span className="field-hint">{t('profile.passwordWhy')}</span>}
      >
        <Input
          id="profile-password"
          data-testid="profile-password"
          type="password"
          autoComplete="current-password"
        />
      </Form.Item>
      <CodeFields current={current} change={change} />
      {askTotp ? (
        <Form.Item name="totp" label={t('password.totp')} rules={required('totp')}>
          <Input
            id="profile-totp"
            data-testid="profile-totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
          />
        </Form.Item>
      ) : null}
      <p className="field-hint page-section" data-testid="profile-hold-note">
        {t('profile.holdNote')}
      </p>
    </Form>
  );
}

/**
 * The codes sent to the current and the new contact (`sentTo`, `newSentTo`: where they went) and saving the change;
 * a refusal marks the fields it names.
 */
function useContactChange(form: FormInstance, kind: Kind, current: string, askTotp: boolean) {
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState('');
  const [newSentTo, setNewSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const contactFields = kind === 'email' ? ['email'] : ['tel_prefix', 'mobile'];

  const sendCurrent = async () => {
    const sent = await sendMemberTac({ purpose: 'profile' });
    setSentTo(sent.destination);
    return sent;
  };

  const sendNew = async () => {
    await form.validateFields(contactFields);
    const v = form.getFieldsValue(contactFields) as Values;
    try {
      const sent = await sendMemberTac({
        purpose: 'profile_new',
        ...(kind === 'email' ? { email: v.email } : { mobile: v.mobile, tel_prefix: v.tel_prefix }),
      });
      setNewSentTo(sent.destination);
      return sent;
    } catch (error) {
      showFieldErrors(form, error);
      throw error;
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const contact = kind === 'email' ? { email: v.email } : { mobile: v.mobile, tel_prefix: v.tel_prefix };
      const { msg } = await saveProfile({
        ...contact,
        password: v.password,
        ...(current && v.tac ? { tac: v.tac } : {}),
        new_tac: v.new_tac,
        ...(askTotp && v.totp ? { totp: v.totp.trim() } : {}),
      });
      showToast(msg);
      form.resetFields();
      setSentTo('');
      setNewSentTo('');
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
      await queryClient.invalidateQueries({ queryKey: securityStateKeys.state });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { sentTo, newSentTo, busy, sendCurrent, sendNew, submit };
}

/** The new e-mail, or the new mobile number with its country prefix. */
function NewContactFields({ kind }: { kind: Kind }) {
  const { t } = useTranslation('personal');
  const required = (key: string) => requiredRules(t, key);
  return kind === 'email' ? (
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
  );
}

function ContactTypeField({ kind, onChange }: { kind: Kind; onChange: (kind: Kind) => void }) {
  const { t } = useTranslation('personal');
  return (
    <Form.Item label={t('profile.contactType')}>
      <Radio.Group value={kind} onChange={(v) => onChange(v === 'mobile' ? 'mobile' : 'email')}>
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
  );
}

/** The code sent to the current contact (when there is one) and the code sent to the new one, each with its Send. */
function CodeFields({ current, change }: { current: string; change: ReturnType<typeof useContactChange> }) {
  const { t } = useTranslation('personal');
  const required = (key: string) => requiredRules(t, key);
  const sentHint = (to: string, testId: string) =>
    to ? (
      <span className="field-hint" data-testid={testId}>
        {t('profile.sentTo', { to })}
      </span>
    ) : undefined;

  return (
    <>
      {current ? (
        <Form.Item
          name="tac"
          label={t('profile.currentTac', { to: current })}
          rules={required('tac')}
          extra={<TacButton send={change.sendCurrent} testId="profile-tac-send" />}
          description={sentHint(change.sentTo, 'profile-tac-hint')}
        >
          <Input id="profile-tac" data-testid="profile-tac" inputMode="numeric" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="new_tac"
        label={t('profile.newTac')}
        rules={required('tac')}
        extra={<TacButton send={change.sendNew} testId="profile-new-tac-send" />}
        description={sentHint(change.newSentTo, 'profile-new-tac-hint')}
      >
        <Input id="profile-new-tac" data-testid="profile-new-tac" inputMode="numeric" />
      </Form.Item>
    </>
  );
}
