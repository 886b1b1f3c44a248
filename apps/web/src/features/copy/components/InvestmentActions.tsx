import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/AmountField.tsx';
import { Money } from '../../../components/Money.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { confirmDialog, showAlert, showToast } from '../../../lib/feedback.ts';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import {
  copyKeys,
  type InvestmentDetail,
  packagesQuery,
  renew,
  saveSettings,
  stopCopying,
  topUp,
} from '../api.ts';
import { StopLossField } from './StopLossField.tsx';

type Investment = InvestmentDetail['investment'];
type Section = { i: Investment; refresh: () => void };

/** The actions of an active investment: top up, its stop-copy limit and auto-renew, renew, stop now. */
export function InvestmentActions({ detail }: { detail: InvestmentDetail }) {
  const client = useQueryClient();
  const i = detail.investment;
  const refresh = () => void client.invalidateQueries({ queryKey: copyKeys.all });
  return (
    <>
      <TopUp i={i} refresh={refresh} />
      <InvestmentSettings i={i} refresh={refresh} />
      <RenewOrStop i={i} refresh={refresh} />
    </>
  );
}

/** More principal from the trading wallet, confirmed with the transaction password. */
function TopUp({ i, refresh }: Section) {
  const { t } = useTranslation('trading');
  const wallet = useQuery(packagesQuery(i.company ? '' : i.trader_id)).data;
  const decimals = decimalsOf('USDT');
  const [topupForm] = Form.useForm<{ amount: string }>();
  const topupFlow = useTxSubmit<Awaited<ReturnType<typeof topUp>>['data']>({ onSuccess: refresh });
  return (
    <>
      <h2 className="section-title">{t('copy.topUp')}</h2>
      <TxFlowView
        flow={topupFlow}
        form={topupForm}
        testId="copy-topup"
        result={{
          successTitle: t('copy.toppedUp'),
          details: (r) => [
            moneyDetail(t('copy.principal'), r.principal, 'USDT', 'copy-topup-result-principal'),
          ],
          againLabel: t('copy.topUpAgain'),
          failedTitle: t('copy.topUpFailed'),
          backLabel: t('copy.backToEdit'),
        }}
        summary={
          <p>
            {t('copy.confirmTopUp', { trader: i.trader_name })}{' '}
            <Money
              value={toWireAmount(topupForm.getFieldValue('amount') ?? '', decimals) ?? '0'}
              asset="USDT"
            />
          </p>
        }
      >
        <TxForm
          form={topupForm}
          testId="copy-topup"
          submitLabel={t('copy.topUpSubmit')}
          onFinish={(v: { amount: string }) => {
            const request = { id: i.id, amount: toWireAmount(v.amount, decimals) ?? '' };
            topupFlow.review(
              request,
              async (secrets, idempotency_key) =>
                (await topUp({ ...request, tx_password: secrets.tx_password, idempotency_key })).data,
            );
          }}
        >
          <AmountField
            form={topupForm}
            testId="copy-topup"
            label={t('copy.amount')}
            limits={{ decimals, asset: 'USDT', min: '0', available: wallet?.trading_available ?? '0' }}
            allLabel={t('copy.all')}
          />
        </TxForm>
      </TxFlowView>
    </>
  );
}

/** The stop-copy loss limit and auto-renew, saved together. */
function InvestmentSettings({ i, refresh }: Section) {
  const { t } = useTranslation('trading');
  const [settingsForm] = Form.useForm<{ stop_loss_percent: string; auto_renew: boolean }>();
  const [saving, setSaving] = useState(false);
  const save = async (v: { stop_loss_percent: string; auto_renew: boolean }) => {
    setSaving(true);
    try {
      const r = await saveSettings(i.id, Number(v.stop_loss_percent || 0), Boolean(v.auto_renew));
      showToast(r.msg);
      refresh();
    } catch (error) {
      showFieldErrors(settingsForm, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h2 className="section-title">{t('copy.settings')}</h2>
      <Form
        form={settingsForm}
        initialValues={{ stop_loss_percent: String(i.stop_loss_percent || ''), auto_renew: i.auto_renew }}
        onFinish={save}
        footer={
          <Button block type="submit" loading={saving} data-testid="copy-settings-save">
            {t('copy.saveSettings')}
          </Button>
        }
      >
        <StopLossField id="copy-settings-stop" />
        <Form.Item name="auto_renew" label={t('copy.autoRenew')} valuePropName="checked">
          <Switch data-testid="copy-settings-renew" />
        </Form.Item>
      </Form>
    </>
  );
}

/** Renew for another term, or stop copying now (after a confirmation); each asks for the transaction password. */
function RenewOrStop({ i, refresh }: Section) {
  const { t } = useTranslation('trading');
  const renewFlow = useTxSubmit<Awaited<ReturnType<typeof renew>>>({
    onSuccess: (r) => {
      showToast(r.msg);
      refresh();
    },
  });
  const stopFlow = useTxSubmit<Awaited<ReturnType<typeof stopCopying>>>({
    onSuccess: (r) => {
      showToast(r.msg);
      refresh();
    },
  });
  useAlertOnError(renewFlow);
  useAlertOnError(stopFlow);
  return (
    <>
      <List>
        <List.Item description={t('copy.renewHint', { count: i.term_days })}>{t('copy.renew')}</List.Item>
      </List>
      <div className="copy-actions">
        <Button
          block
          onClick={() =>
            renewFlow.review({ renew: i.id }, (secrets, idempotency_key) =>
              renew({ id: i.id, tx_password: secrets.tx_password, idempotency_key }),
            )
          }
          data-testid="copy-renew"
        >
          {t('copy.renewSubmit', { count: i.term_days })}
        </Button>
        <Button
          block
          color="danger"
          fill="outline"
          onClick={async () => {
            if (!(await confirmDialog(t('copy.stopConfirm')))) return;
            stopFlow.review({ stop: i.id }, (secrets) => stopCopying(i.id, secrets.tx_password));
          }}
          data-testid="copy-stop"
        >
          {t('copy.stop')}
        </Button>
      </div>
      <TxPasswordSheet
        {...renewFlow.sheet}
        testId="copy-renew-sheet"
        summary={<p>{t('copy.confirmRenew', { count: i.term_days })}</p>}
      />
      <TxPasswordSheet
        {...stopFlow.sheet}
        testId="copy-stop-sheet"
        summary={<p>{t('copy.confirmStop')}</p>}
      />
    </>
  );
}

/** A sheet-only flow's refusal (not about the password) shown as an alert, then back to the page. */
function useAlertOnError(flow: { outcome: { state: string; message?: string }; backToForm: () => void }) {
  const { outcome, backToForm } = flow;
  useEffect(() => {
    if (outcome.state === 'error') void showAlert(outcome.message ?? '').then(backToForm);
  }, [outcome, backToForm]);
}
