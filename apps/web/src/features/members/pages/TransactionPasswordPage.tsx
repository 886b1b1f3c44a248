import { updateTransactionPwd } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout, useBack } from '../../../components/PageLayout.tsx';
import { TacButton } from '../../../components/TacButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { securityStateKeys } from '../../../lib/security-state.ts';
import { totpKeys, totpStatusQuery } from '../../../lib/totp.ts';
import { issueText, sameAs, showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { changeTransactionPassword, personalKeys, sendMemberTac } from '../api.ts';

type Values = {
  password: string;
  tac: string;
  tx_password: string;
  confirm_tx_password: string;
  totp?: string;
};

type FormInstance = ReturnType<typeof Form.useForm>[0];

const TOTP_RE = /^\d{6,8}$/;

/**
 * Sets the transaction password, proven by the login password, a TAC sent to the member's own e-mail or mobile
 * (shown masked once sent), and a current authenticator code when the member has two-factor on.
 */
export default function TransactionPasswordPage() {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm();
  const shape = updateTransactionPwd.request.shape;
  const twoFactor = useQuery(totpStatusQuery);
  const askTotp = twoFactor.data?.enabled === true;
  const { busy, submit } = useTxPasswordSubmit(form, askTotp);

  return (
    <PageLayout title={t('routes:/pages/personal/TransactionPassword')} testId="tx-password-page">
      <Form
        form={form}
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={busy}
            disabled={twoFactor.isPending}
            data-testid="txpwd-submit"
          >
            {t('save')}
          </Button>
        }
      >
        <Form.Item
          name="password"
          label={t('password.current')}
          rules={[zodRule(shape.password, 'password')]}
        >
          <Input
            id="txpwd-password"
            data-testid="txpwd-password"
            type="password"
            autoComplete="current-password"
          />
        </Form.Item>
        <TacField />
        <Form.Item
          name="tx_password"
          label={t('password.newTx')}
          rules={[zodRule(shape.tx_password, 'tx_password')]}
        >
          <Input id="txpwd-new" data-testid="txpwd-new" type="password" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="confirm_tx_password"
          label={t('password.confirmTx')}
          dependencies={['tx_password']}
          rules={[
            zodRule(shape.confirm_tx_password, 'confirm_tx_password'),
            sameAs('tx_password', 'tx_password_mismatch'),
          ]}
        >
          <Input id="txpwd-confirm" data-testid="txpwd-confirm" type="password" autoComplete="off" />
        </Form.Item>
        {askTotp ? <TotpField /> : null}
      </Form>
    </PageLayout>
  );
}

/** Saves the new transaction password and goes back; a refusal marks the fields it names. */
function useTxPasswordSubmit(form: FormInstance, askTotp: boolean) {
  const queryClient = useQueryClient();
  const goBack = useBack();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const { password, tac, tx_password, confirm_tx_password } = v;
      const totp = askTotp ? v.totp?.trim() : undefined;
      const { msg } = await changeTransactionPassword({
        password,
        tac,
        tx_password,
        confirm_tx_password,
        ...(totp ? { totp } : {}),
      });
      showToast(msg);
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
      await queryClient.invalidateQueries({ queryKey: securityStateKeys.state });
      goBack();
    } catch (error) {
      // A code asked for by a server that knows two-factor was just turned on: show the field.
      if (!askTotp && error instanceof ApiError && error.fieldError('totp')) {
        await queryClient.invalidateQueries({ queryKey: totpKeys.status });
      }
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit };
}

/** The TAC, sent to the member's own e-mail or mobile (shown masked once sent). */
function TacField() {
  const { t } = useTranslation('personal');
  const [hint, setHint] = useState('');
  const shape = updateTransactionPwd.request.shape;
  return (
    <Form.Item
      name="tac"
      label={t('password.tac')}
      rules={[zodRule(shape.tac, 'tac')]}
      extra={
        <TacButton
          send={async () => {
            const sent = await sendMemberTac({ purpose: 'tx_password' });
            setHint(t('profile.sentTo', { to: sent.destination }));
            return sent;
          }}
          testId="txpwd-tac-send"
        />
      }
      description={
        hint ? (
          <span className="field-hint" data-testid="txpwd-tac-hint">
            {hint}
          </span>
        ) : undefined
      }
    >
      <Input id="txpwd-tac" data-testid="txpwd-tac" inputMode="numeric" />
    </Form.Item>
  );
}

/** The current authenticator code, asked when the member has two-factor on. */
function TotpField() {
  const { t } = useTranslation('personal');
  return (
    <Form.Item
      name="totp"
      label={t('password.totp')}
      rules={[
        {
          validator: async (_rule, value: unknown) => {
            const code = typeof value === 'string' ? value.trim() : '';
            if (!code) throw new Error(issueText('totp_required', 'totp'));
            if (!TOTP_RE.test(code)) throw new Error(t('common:txSheet.totpInvalid'));
          },
        },
      ]}
    >
      <Input
        id="txpwd-totp"
        data-testid="txpwd-totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        placeholder={t('common:txSheet.totpPlaceholder')}
      />
    </Form.Item>
  );
}
