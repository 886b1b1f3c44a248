import { feeCeil, formatAmount } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountField, useTypedAmount } from '../../../components/AmountField.tsx';
import { Money } from '../../../components/Money.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { decimalsOf, parseMoneyInput, percentToBps, toWireAmount } from '../../../lib/money.ts';
import { refreshAfterAction } from '../../../lib/refreshAfterAction.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { payToQuery, previewQuery, sendWithdrawal, withdrawKeys, withdrawMenuQuery } from '../api.ts';
import { WalletSourceNote } from '../../wallet/components/WalletSourceNote.tsx';
import { BindAddressPrompt } from './BindAddressPrompt.tsx';
import { WithdrawNotes } from './WithdrawNotes.tsx';

type Values = { amount: string };

/** Request a withdrawal to the bound address: live fee preview, transaction password (+ code), result. */
export function WithdrawForm({ onShowList }: { onShowList: () => void }) {
  const { t } = useTranslation('withdraw');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const menu = useQuery(withdrawMenuQuery);
  const payTo = useQuery({ ...payToQuery, enabled: menu.data?.address_bound === true });
  const flow = useTxSubmit<Awaited<ReturnType<typeof sendWithdrawal>>>({
    onSuccess: () => refreshAfterAction(queryClient, [withdrawKeys.all, ['wallet']], [withdrawKeys.previews]),
  });
  const asset = menu.data?.asset ?? 'USDT';
  const decimals = decimalsOf(asset);
  const limits = { decimals, asset, min: menu.data?.min_amount, available: menu.data?.available };
  const {
    text: typedText,
    wire,
    settled: previewAmount,
  } = useTypedAmount(form, limits, menu.data !== undefined);
  const preview = useQuery(previewQuery(previewAmount));

  if (menu.isPending) return <LoadingBlock testId="withdraw-loading" />;
  if (menu.isError) return <LoadFailed onRetry={() => void menu.refetch()} testId="withdraw-error" />;
  const m = menu.data;
  if (!m.address_bound) return <BindAddressPrompt />;

  const fromServer =
    preview.data && previewAmount === wire && preview.data.amount === wire ? preview.data : undefined;
  const figures = figuresOf({
    typedText,
    decimals,
    feePercent: m.fee_percent,
    fromServer,
  });

  const onFinish = (v: Values) => {
    const request = { amount: toWireAmount(v.amount, decimals) ?? '' };
    flow.review(request, (secrets, idempotency_key) =>
      sendWithdrawal({
        ...request,
        tx_password: secrets.tx_password,
        idempotency_key,
        ...(secrets.totp ? { totp: secrets.totp } : {}),
      }),
    );
  };

  return (
    <TxFlowView
      flow={flow}
      form={form}
      testId="withdraw"
      result={{
        successTitle: t('success'),
        successDescription: t('successText'),
        details: (r) => [
          moneyDetail(t('common:money.amount'), r.amount, r.asset, 'withdraw-result-amount'),
          moneyDetail(t('common:money.fee'), r.fee, r.asset, 'withdraw-result-fee'),
          moneyDetail(t('common:money.receive'), r.receive, r.asset, 'withdraw-result-receive'),
          { label: t('addressLabel'), value: r.address, testId: 'withdraw-result-address' },
          { label: t('statusLabel'), value: t(`status.${r.status}`), testId: 'withdraw-result-status' },
        ],
        leadAction: (
          <Button block color="primary" onClick={onShowList} data-testid="withdraw-result-list">
            {t('myWithdrawals')}
          </Button>
        ),
        againLabel: t('again'),
        failedTitle: t('failed'),
        backLabel: t('backToEdit'),
      }}
      totp={m.totp_required}
      summary={wire ? <SheetSummary wire={wire} figures={figures} asset={asset} /> : null}
    >
      <PayTo addressType={payTo.data?.address_type} masked={payTo.data?.masked} />
      <WalletSourceNote action="withdraw" />
      <TxForm form={form} onFinish={onFinish} testId="withdraw" submitLabel={t('submit')}>
        <AmountField
          form={form}
          testId="withdraw"
          label={t('common:money.amount')}
          limits={{ decimals, asset, min: m.min_amount, available: m.available }}
          allLabel={t('all')}
        />
      </TxForm>
      <WithdrawPreview feePercent={m.fee_percent} figures={figures} asset={asset} />
      {preview.error && wire ? (
        <p className="field-error page-section" data-testid="withdraw-preview-error">
          {preview.error.message}
        </p>
      ) : null}
      <WithdrawNotes />
    </TxFlowView>
  );
}

type Figures = { fee: string; receive: string; source: 'server' | 'estimate' | 'none' };

/**
 * The fee and what arrives: the server's preview once it answers for this amount; until then (and for an amount
 * the form refuses, such as one below the minimum) the same rule computed here, exactly ('' while no amount is
 * typed).
 */
function figuresOf({
  typedText,
  decimals,
  feePercent,
  fromServer,
}: {
  typedText: string;
  decimals: number;
  feePercent: string;
  fromServer: { fee: string; receive: string } | undefined;
}): Figures {
  const parsed = parseMoneyInput(typedText, decimals);
  const typed = parsed.ok && parsed.value > 0n;
  const localFee = typed ? feeCeil(parsed.value, percentToBps(feePercent) ?? 0) : null;
  const fee = fromServer?.fee ?? (localFee === null ? '' : formatAmount(localFee, decimals));
  const receive =
    fromServer?.receive ??
    (localFee === null || !parsed.ok ? '' : formatAmount(parsed.value - localFee, decimals));
  const source = fromServer ? 'server' : typed ? 'estimate' : 'none';
  return { fee, receive, source };
}

/** What the sheet confirms: the amount, the fee and what arrives. */
function SheetSummary({ wire, figures, asset }: { wire: string; figures: Figures; asset: string }) {
  const { t } = useTranslation('withdraw');
  return (
    <p>
      {t('confirmText')} <Money value={wire} asset={asset} /> · {t('common:money.fee')}{' '}
      <Money value={figures.fee || '0'} asset={asset} /> · {t('common:money.receive')}{' '}
      <Money value={figures.receive || '0'} asset={asset} />
    </p>
  );
}

/** The bound address the withdrawal goes to (masked), with its type. */
function PayTo({ addressType, masked }: { addressType: string | undefined; masked: string | undefined }) {
  const { t } = useTranslation('withdraw');
  return (
    <List header={t('payTo')}>
      <List.Item extra={<span data-testid="withdraw-address-type">{addressType ?? ''}</span>}>
        <span data-testid="withdraw-address">{masked ?? '…'}</span>
      </List.Item>
    </List>
  );
}

/**
 * The fee rule, the fee and what arrives, to the last digit (a dash until an amount is typed); `data-source` says
 * whose figures.
 */
function WithdrawPreview({
  feePercent,
  figures,
  asset,
}: {
  feePercent: string;
  figures: Figures;
  asset: string;
}) {
  const { t } = useTranslation('withdraw');
  const moneyOrDash = (value: string, testId: string) =>
    value ? <Money value={value} asset={asset} exact testId={testId} /> : <span data-testid={testId}>—</span>;
  return (
    <List header={t('preview')} data-testid="withdraw-preview" data-source={figures.source}>
      <List.Item extra={<span data-testid="withdraw-fee-rate">{t('feeRate', { percent: feePercent })}</span>}>
        {t('feeRule')}
      </List.Item>
      <List.Item extra={moneyOrDash(figures.fee, 'withdraw-fee')}>{t('common:money.fee')}</List.Item>
      <List.Item extra={moneyOrDash(figures.receive, 'withdraw-receive')}>
        {t('common:money.receive')}
      </List.Item>
    </List>
  );
}
