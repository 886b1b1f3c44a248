import { adminAdjustBalance } from '@mp/contract';
import type { ResponseOf } from '@mp/contract';
import { Button, Form, Input, List, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { decimalsOf } from '../../../lib/money.ts';
import { useSubmissionKey } from '../../../lib/submissionKey.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { adjustBalance } from '../api.ts';
import { ConfirmPopup } from '../components/ConfirmPopup.tsx';
import { useStepUp } from '../stepUp.tsx';
import { defaultAssetOf, type WalletAsset, WalletAssetPicker } from '../components/WalletAssetPicker.tsx';
import { parseSignedAmount } from '../signedAmount.ts';

type Values = { userid: string; amount: string; reason: string };
type Request = WalletAsset & { userid: string; amount: string; reason: string };
type Adjusted = ResponseOf<typeof adminAdjustBalance>;
type AdjustForm = ReturnType<typeof Form.useForm<Values>>[0];

const shape = adminAdjustBalance.request.shape;

/** A manual credit (positive) or debit (negative) of a member's wallet, against the platform's adjustments account. */
export default function AdminAdjustBalancePage() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [target, setTarget] = useState<WalletAsset>({ wallet: 'funds', asset: defaultAssetOf('funds') });
  const decimals = decimalsOf(target.asset);
  const { pending, setPending, busy, done, review, send } = useAdjustment(form, target);
  const debit = pending?.amount.startsWith('-') ?? false;

  return (
    <PageLayout title={t('routes:/pages/admin/adjust')} testId="admin-adjust-page">
      {done ? <AdjustResult done={done} /> : null}
      <Form
        form={form}
        onFinish={review}
        data-testid="adjust-form"
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="adjust-submit">
            {t('adjust.submit')}
          </Button>
        }
      >
        <Form.Item name="userid" label={t('adjust.userid')} rules={[zodRule(shape.userid, 'userid')]}>
          <Input id="adjust-userid" data-testid="adjust-userid" autoComplete="off" />
        </Form.Item>
        <WalletAssetPicker value={target} onChange={setTarget} testId="adjust" />
        <Form.Item
          name="amount"
          label={t('adjust.amount')}
          description={<span className="field-hint">{t('adjust.amountHelp')}</span>}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const parsed = parseSignedAmount(typeof value === 'string' ? value : '', decimals);
                if (!parsed.ok) throw new Error(parsed.problem);
              },
            },
          ]}
        >
          <Input id="adjust-amount" data-testid="adjust-amount" inputMode="decimal" placeholder="-0.00" />
        </Form.Item>
        <Form.Item name="reason" label={t('adjust.reason')} rules={[zodRule(shape.reason, 'reason')]}>
          <TextArea id="adjust-reason" data-testid="adjust-reason" rows={2} maxLength={300} />
        </Form.Item>
      </Form>
      <ConfirmPopup
        visible={pending !== null}
        title={t('adjust.confirmTitle')}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setPending(null)}
        testId="adjust-confirm"
        danger={debit}
      >
        {pending ? <AdjustEffect pending={pending} debit={debit} /> : null}
      </ConfirmPopup>
    </PageLayout>
  );
}

/** The form's adjustment held for confirmation (`review`), then sent with a step-up code (`send`). */
function useAdjustment(form: AdjustForm, target: WalletAsset) {
  const stepUp = useStepUp();
  const keys = useSubmissionKey();
  const [pending, setPending] = useState<Request | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Adjusted | null>(null);
  const decimals = decimalsOf(target.asset);

  const review = (v: Values) => {
    const amount = parseSignedAmount(v.amount, decimals);
    if (!amount.ok) return;
    setPending({ ...target, userid: v.userid.trim(), amount: amount.wire, reason: v.reason.trim() });
  };

  const send = async () => {
    if (!pending) return;
    // Step-up: a fresh authenticator code when the admin's two-factor is on (not part of the idempotent request).
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    try {
      // The same request confirmed again (after a timeout or refusal) keeps its key: applied at most once.
      const { data, msg } = await adjustBalance({
        ...pending,
        idempotency_key: keys.keyFor(pending),
        ...(totp ? { totp } : {}),
      });
      keys.settled();
      showToast(msg);
      setDone(data);
      setPending(null);
      form.resetFields();
    } catch (error) {
      // The API client has shown the refusal; mark the fields it names.
      setPending(null);
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { pending, setPending, busy, done, review, send };
}

function AdjustResult({ done }: { done: Adjusted }) {
  const { t } = useTranslation('admin');
  return (
    <List header={t('adjust.done')} data-testid="adjust-result">
      <List.Item extra={<span data-testid="adjust-result-userid">{done.userid}</span>}>
        {t('adjust.userid')}
      </List.Item>
      <List.Item
        extra={<Money value={done.amount} asset={done.asset} signed exact testId="adjust-result-amount" />}
      >
        {t(`common:wallets.${done.wallet}`)}
      </List.Item>
      <List.Item
        extra={<Money value={done.balance_after} asset={done.asset} exact testId="adjust-result-balance" />}
      >
        {t('adjust.balanceAfter')}
      </List.Item>
      <List.Item extra={<span data-testid="adjust-result-id">{done.id}</span>}>
        {t('adjust.reference')}
      </List.Item>
    </List>
  );
}

/** What the confirmation will do: credit or debit whom, which wallet, how much, and why. */
function AdjustEffect({ pending, debit }: { pending: Request; debit: boolean }) {
  const { t } = useTranslation('admin');
  const shown = pending.amount.replace(/^-/, '');
  return (
    <>
      <p data-testid="adjust-confirm-effect" data-direction={debit ? 'debit' : 'credit'}>
        {t(debit ? 'adjust.effectDebit' : 'adjust.effectCredit', {
          userid: pending.userid,
          wallet: t(`common:wallets.${pending.wallet}`),
        })}{' '}
        <Money value={shown} asset={pending.asset} exact testId="adjust-confirm-amount" />
      </p>
      <p className="field-hint">{t('adjust.reasonText', { reason: pending.reason })}</p>
    </>
  );
}
