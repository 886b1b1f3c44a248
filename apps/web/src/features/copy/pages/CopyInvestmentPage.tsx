import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AmountField } from '../../../components/AmountField.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { confirmDialog, showAlert, showToast } from '../../../lib/feedback.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import {
  copyKeys,
  type InvestmentDetail,
  investmentQuery,
  packagesQuery,
  renew,
  saveSettings,
  stopCopying,
  topUp,
} from '../api.ts';
import { StopLossField } from '../components/StopLossField.tsx';
import { LineChart } from '../components/LineChart.tsx';
import { Percent } from '../components/Percent.tsx';
import '../../trading/trading.css';
import '../copy.css';

/**
 * `/pages/copy/investment?id=`: one copy investment: its value and result, the value history, settlements, the
 * mirrored trades of its term, and while it is active: top up, renew, its stop-copy limit and auto-renew, stop now.
 */
export default function CopyInvestmentPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ ...investmentQuery(id), refetchInterval: 10_000 });
  const d = q.data;
  const i = d?.investment;
  return (
    <PageLayout title={t('routes:/pages/copy/investment')} testId="copy-investment-page">
      {q.isPending && <LoadingBlock />}
      {q.isError && <LoadFailed onRetry={() => void q.refetch()} />}
      {d && i && (
        <>
          <section className="balance-grid" data-testid="copy-investment-summary" data-state={i.state}>
            <strong>
              {i.trader_name} · {i.package_name}
            </strong>
            <div className="line">
              <span>{t('copy.value')}</span>
              <Money value={i.value} asset="USDT" testId="copy-investment-value" />
            </div>
            <div className="line">
              <span>{t('copy.pnl')}</span>
              <span>
                <Money value={i.pnl} asset="USDT" signed testId="copy-investment-pnl" /> (
                <Percent value={i.pnl_percent} testId="copy-investment-pnl-percent" />)
              </span>
            </div>
            <div className="line">
              <span>{t('copy.principal')}</span>
              <Money value={i.principal} asset="USDT" testId="copy-investment-principal" />
            </div>
            <div className="line">
              <span>{t('copy.hwm')}</span>
              <Money value={i.high_water_mark} asset="USDT" testId="copy-investment-hwm" />
            </div>
            <div className="line">
              <span>{t('copy.sharedPaid', { percent: i.share_percent })}</span>
              <Money value={i.shared} asset="USDT" testId="copy-investment-shared" />
            </div>
            <div className="line">
              <span>{t('copy.feesPaid', { percent: i.fee_percent })}</span>
              <Money value={i.fees} asset="USDT" testId="copy-investment-fees" />
            </div>
            {i.state !== 'active' && (
              <div className="line">
                <span>{t('copy.returned')}</span>
                <Money value={i.returned} asset="USDT" testId="copy-investment-returned" />
              </div>
            )}
            <div className="line">
              <span>{t('copy.poolShare')}</span>
              <span data-testid="copy-investment-share">{d.pool_share}%</span>
            </div>
            <div className="line">
              <span>{t('copy.stateLabel')}</span>
              <span data-testid="copy-investment-state">
                {t(`copy.state.${i.state}`)}
                {i.close_reason ? ` · ${t(`copy.reason.${i.close_reason}`)}` : ''}
              </span>
            </div>
            <div className="line">
              <span>{t('copy.term')}</span>
              <span>
                {formatDate(i.started_at)} – {formatDate(i.ends_at)}
                {i.renewals > 0 ? ` · ${t('copy.renewals', { count: i.renewals })}` : ''}
              </span>
            </div>
          </section>
          <h2 className="section-title">{t('copy.valueHistory')}</h2>
          <LineChart
            zero={false}
            testId="copy-investment-chart"
            label={t('copy.valueHistory')}
            points={d.history.map((h) => ({ day: h.day, value: h.value, text: `${h.value} USDT` }))}
          />
          {i.state === 'active' && <Actions detail={d} />}
          <h2 className="section-title">{t('copy.settlements')}</h2>
          {d.settlements.length === 0 && <EmptyBlock text={t('copy.noSettlements')} />}
          {d.settlements.map((s) => (
            <article
              key={`${s.date}-${s.kind}`}
              className="record-row"
              data-testid={`copy-settlement-${s.date}-${s.kind}`}
            >
              <div className="record-main">
                <span>
                  {formatDate(s.date)} · {t(`copy.settleKind.${s.kind}`)}
                </span>
                <Money value={s.value} asset="USDT" />
              </div>
              <div className="record-sub">
                <span>
                  {t('copy.profit')}: <Money value={s.profit} asset="USDT" />
                </span>
                <span>
                  {t('copy.share')}: <Money value={s.trader_share} asset="USDT" /> · {t('copy.fee')}:{' '}
                  <Money value={s.platform_fee} asset="USDT" />
                </span>
              </div>
            </article>
          ))}
          <h2 className="section-title">{t('copy.mirrored')}</h2>
          {d.trades.length === 0 && <EmptyBlock text={t('copy.noMirrored')} />}
          {d.trades.map((m) => (
            <article key={m.id} className="record-row" data-testid="copy-mirrored-trade">
              <div className="record-main">
                <span>
                  {m.symbol} · {t(`perp.kind.${m.market}`)}
                </span>
                <span className={m.side === 'buy' ? 'up-text' : 'down-text'}>{t(m.side)}</span>
              </div>
              <div className="record-sub">
                <span>
                  {t('copy.traderAmount')}: {m.trader_amount} · {t('copy.poolAmount')}:{' '}
                  {m.skipped ? t(`copy.skipped.${m.skipped}`) : m.pool_amount}
                </span>
                <span>{formatDateTime(m.at)}</span>
              </div>
            </article>
          ))}
        </>
      )}
    </PageLayout>
  );
}

/** A sheet-only flow's refusal (not about the password) shown as an alert, then back to the page. */
function useAlertOnError(flow: { outcome: { state: string; message?: string }; backToForm: () => void }) {
  const { outcome, backToForm } = flow;
  useEffect(() => {
    if (outcome.state === 'error') void showAlert(outcome.message ?? '').then(backToForm);
  }, [outcome, backToForm]);
}

/** The actions of an active investment. */
function Actions({ detail }: { detail: InvestmentDetail }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const i = detail.investment;
  const refresh = () => void client.invalidateQueries({ queryKey: copyKeys.all });
  const wallet = useQuery(packagesQuery(i.company ? '' : i.trader_id)).data;
  const decimals = decimalsOf('USDT');

  const [topupForm] = Form.useForm<{ amount: string }>();
  const topupFlow = useTxSubmit<Awaited<ReturnType<typeof topUp>>['data']>({ onSuccess: refresh });

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
