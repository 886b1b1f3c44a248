import { updateTransactionPwd } from '@mp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout, useBack } from '../../../components/PageLayout.tsx';
import { TacButton } from '../../../components/TacButton.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { sameAs, showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { changeTransactionPassword, personalKeys, sendMemberTac } from '../api.ts';

type Values = { tac: string; tx_password: string; confirm_tx_password: string };

/** Sets the transaction password, proven by a TAC sent to the member's own e-mail or mobile. */
export default function TransactionPasswordPage() {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const goBack = useBack();
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState('');
  const shape = updateTransactionPwd.request.shape;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const { msg } = await changeTransactionPassword(v);
      showToast(msg);
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
      goBack();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('routes:/pages/personal/TransactionPassword')} testId="tx-password-page">
      <Form
        form={form}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="txpwd-submit">
            {t('save')}
          </Button>
        }
      >
        <Form.Item
          name="tac"
          label={t('password.tac')}
          rules={[zodRule(shape.tac, 'tac')]}
          extra={
            <TacButton
              send={() => sendMemberTac({ purpose: 'tx_password' })}
              onSent={setHint}
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
      </Form>
    </PageLayout>
  );
}
