import { feeCeil, formatAmount } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { decimalsOf, parseMoneyInput, percentToBps, toWireAmount } from '../../../lib/money.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { amountProblem, amountRule, showFieldErrors } from '../../../lib/validate.ts';
import { payToQuery, previewQuery, sendWithdrawal, withdrawKeys, withdrawMenuQuery } from '../api.ts';
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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  const typed: unknown = Form.useWatch('amount', form);
  const asset = menu.data?.asset ?? 'USDT';
  const decimals = decimalsOf(asset);
  const typedText = typeof typed === 'string' ? typed : '';
  const limits = { decimals, asset, min: menu.data?.min_amount, available: menu.data?.available };
  const wire =
    menu.data && !amountProblem(typedText, limits) ? (toWireAmount(typedText, decimals) ?? '') : '';
  const previewAmount = useDebounced(wire, 300);
  const preview = useQuery(previewQuery(previewAmount));

  if (menu.isPending) return <LoadingBlock testId="withdraw-loading" />;
  if (menu.isError) return <LoadFailed onRetry={() => void menu.refetch()} testId="withdraw-error" />;
  const m = menu.data;
  if (!m.address_bound) return <BindAddressPrompt />;

  // The server's preview once it answers for this amount; until then the same rule computed here, exactly.
  const parsed = parseMoneyInput(typedText, decimals);
  const fromServer =
    preview.data && previewAmount === wire && preview.data.amount === wire ? preview.data : undefined;
  const localFee = parsed.ok && wire ? feeCeil(parsed.value, percentToBps(m.fee_percent) ?? 0) : null;
  const fee = fromServer?.fee ?? (localFee === null ? '' : formatAmount(localFee, decimals));
  const receive =
    fromServer?.receive ??
    (localFee === null || !parsed.ok ? '' : formatAmount(parsed.value - localFee, decimals));
  const source = fromServer ? 'server' : wire ? 'estimate' : 'none';

  let result = null;
  if (flow.outcome.state === 'success') {
    const r = flow.outcome.result;
    result = (
      <OperationResult
        testId="withdraw-result"
        status="success"
        title={t('success')}
        description={t('successText')}
        details={[
          {
            label: t('common:money.amount'),
            value: <Money value={r.amount} asset={r.asset} />,
            testId: 'withdraw-result-amount',
          },
          {
            label: t('common:money.fee'),
            value: <Money value={r.fee} asset={r.asset} />,
            testId: 'withdraw-result-fee',
          },
          {
            label: t('common:money.receive'),
            value: <Money value={r.receive} asset={r.asset} />,
            testId: 'withdraw-result-receive',
          },
          { label: t('addressLabel'), value: r.address, testId: 'withdraw-result-address' },
          { label: t('statusLabel'), value: t(`status.${r.status}`), testId: 'withdraw-result-status' },
        ]}
        actions={
          <>
            <Button block color="primary" onClick={onShowList} data-testid="withdraw-result-list">
              {t('myWithdrawals')}
            </Button>
            <Button
              block
              fill="none"
              onClick={() => {
                form.resetFields();
                flow.backToForm();
              }}
              data-testid="withdraw-again"
            >
              {t('again')}
            </Button>
          </>
        }
      />
    );
  } else if (flow.outcome.state === 'error') {
    const { error, message } = flow.outcome;
    result = (
      <OperationResult
        testId="withdraw-result"
        status="error"
        title={t('failed')}
        description={message}
        actions={
          <Button
            block
            color="primary"
            onClick={() => {
              flow.backToForm();
              showFieldErrors(form, error);
            }}
            data-testid="withdraw-back"
          >
            {t('backToEdit')}
          </Button>
        }
      />
    );
  }

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
    <>
      {result}
      <div hidden={result !== null}>
        <List header={t('payTo')}>
          <List.Item
            extra={<span data-testid="withdraw-address-type">{payTo.data?.address_type ?? ''}</span>}
          >
            <span data-testid="withdraw-address">{payTo.data?.masked ?? '…'}</span>
          </List.Item>
        </List>
        <Form
          form={form}
          onFinish={onFinish}
          data-testid="withdraw-form"
          footer={
            <Button block type="submit" color="primary" size="large" data-testid="withdraw-submit">
              {t('submit')}
            </Button>
          }
        >
          <Form.Item
            name="amount"
            label={t('common:money.amount')}
            rules={[amountRule(limits)]}
            description={
              <span className="field-hint">
                {t('common:money.available')}:{' '}
                <Money value={m.available} asset={asset} testId="withdraw-available" />
                {' · '}
                {t('common:money.minimum')}:{' '}
                <Money value={m.min_amount} asset={asset} testId="withdraw-min" />
              </span>
            }
            extra={
              <button
                type="button"
                className="link-button"
                onClick={() => form.setFieldsValue({ amount: m.available })}
                data-testid="withdraw-all"
              >
                {t('all')}
              </button>
            }
          >
            <Input
              id="withdraw-amount"
              data-testid="withdraw-amount"
              inputMode="decimal"
              placeholder="0.00"
            />
          </Form.Item>
        </Form>
        <List header={t('preview')} data-testid="withdraw-preview" data-source={source}>
          <List.Item
            extra={<span data-testid="withdraw-fee-rate">{t('feeRate', { percent: m.fee_percent })}</span>}
          >
            {t('feeRule')}
          </List.Item>
          <List.Item
            extra={
              fee ? (
                <Money value={fee} asset={asset} testId="withdraw-fee" />
              ) : (
                <span data-testid="withdraw-fee">—</span>
              )
            }
          >
            {t('common:money.fee')}
          </List.Item>
          <List.Item
            extra={
              receive ? (
                <Money value={receive} asset={asset} testId="withdraw-receive" />
              ) : (
                <span data-testid="withdraw-receive">—</span>
              )
            }
          >
            {t('common:money.receive')}
          </List.Item>
        </List>
        {preview.error && wire ? (
          <p className="field-error page-section" data-testid="withdraw-preview-error">
            {preview.error.message}
          </p>
        ) : null}
        <WithdrawNotes />
      </div>
      <TxPasswordSheet
        {...flow.sheet}
        totp={m.totp_required}
        testId="withdraw-sheet"
        summary={
          wire ? (
            <p>
              {t('confirmText')} <Money value={wire} asset={asset} /> · {t('common:money.fee')}{' '}
              <Money value={fee || '0'} asset={asset} /> · {t('common:money.receive')}{' '}
              <Money value={receive || '0'} asset={asset} />
            </p>
          ) : null
        }
      />
    </>
  );
}
