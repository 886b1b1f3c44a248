import { feeCeil, formatAmount } from '@mp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { decimalsOf, parseMoneyInput, percentToBps, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { amountRule, showFieldErrors } from '../../../lib/validate.ts';
import { sendTransfer, transferMenuQuery, walletKeys } from '../api.ts';
import { historyPath } from '../paths.ts';
import { RecipientField } from './RecipientField.tsx';

type Values = { to_userid: string; amount: string };

/** Send money from one of the member's wallets to another member. */
export function TransferForm() {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const menu = useQuery(transferMenuQuery);
  const [picked, setPicked] = useState<string | undefined>();
  const flow = useTxSubmit<Awaited<ReturnType<typeof sendTransfer>>>({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
  const typedAmount: unknown = Form.useWatch('amount', form);

  if (menu.isPending) return <LoadingBlock testId="transfer-loading" />;
  if (menu.isError) return <LoadFailed onRetry={() => void menu.refetch()} testId="transfer-error" />;
  const { wallets, fee_percent, min_amount, max_amount } = menu.data;
  if (wallets.length === 0) return <EmptyBlock text={t('transfer.unavailable')} testId="transfer-empty" />;
  const from = wallets.find((w) => w.wallet === picked) ?? wallets[0];
  if (!from) return null;
  const decimals = decimalsOf(from.asset);
  const parsed = parseMoneyInput(typeof typedAmount === 'string' ? typedAmount : '', decimals);
  const bps = percentToBps(fee_percent) ?? 0;
  const fee = parsed.ok ? feeCeil(parsed.value, bps) : 0n;
  const total = parsed.ok ? parsed.value + fee : 0n;

  let result = null;
  if (flow.outcome.state === 'success') {
    const r = flow.outcome.result;
    result = (
      <OperationResult
        testId="transfer-result"
        status="success"
        title={t('transfer.success')}
        details={[
          { label: t('recipient.label'), value: r.to_userid, testId: 'transfer-result-to' },
          {
            label: t('common:money.amount'),
            value: <Money value={r.amount} asset={r.asset} />,
            testId: 'transfer-result-amount',
          },
          {
            label: t('common:money.fee'),
            value: <Money value={r.fee} asset={r.asset} />,
            testId: 'transfer-result-fee',
          },
          {
            label: t('balanceAfter'),
            value: <Money value={r.balance_after} asset={r.asset} />,
            testId: 'transfer-result-balance',
          },
          { label: t('reference'), value: r.id, testId: 'transfer-result-id' },
        ]}
        actions={
          <>
            <Button
              block
              color="primary"
              onClick={() => {
                form.resetFields();
                flow.backToForm();
              }}
              data-testid="transfer-again"
            >
              {t('transfer.again')}
            </Button>
            <Link to={historyPath({ view: 'movements' })} data-testid="transfer-history-link">
              {t('viewHistory')}
            </Link>
          </>
        }
      />
    );
  }
  if (flow.outcome.state === 'error') {
    const { error, message } = flow.outcome;
    result = (
      <OperationResult
        testId="transfer-result"
        status="error"
        title={t('transfer.failed')}
        description={message}
        actions={
          <>
            <Button
              block
              color="primary"
              onClick={() => {
                flow.backToForm();
                showFieldErrors(form, error);
              }}
              data-testid="transfer-back"
            >
              {t('backToEdit')}
            </Button>
            <Link to={historyPath({ view: 'movements' })} data-testid="transfer-history-link">
              {t('viewHistory')}
            </Link>
          </>
        }
      />
    );
  }

  const onFinish = (v: Values) => {
    const amount = toWireAmount(v.amount, decimals) ?? '';
    const request = { to_userid: v.to_userid.trim(), amount, wallet: from.wallet };
    flow.review(request, (secrets, idempotency_key) =>
      sendTransfer({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <>
      {result}
      <div hidden={result !== null}>
        <Form
          form={form}
          onFinish={onFinish}
          data-testid="transfer-form"
          footer={
            <Button block type="submit" color="primary" size="large" data-testid="transfer-submit">
              {t('transfer.submit')}
            </Button>
          }
        >
          <RecipientField form={form} kind="transfer" testId="transfer-to" />
          {wallets.length > 1 ? (
            <Form.Item label={t('fromWallet')}>
              <FilterChips
                options={wallets.map((w) => ({ key: w.wallet, label: t(`common:wallets.${w.wallet}`) }))}
                value={from.wallet}
                onChange={setPicked}
                label={t('fromWallet')}
                testId="transfer-wallet"
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('fromWallet')}>
              <span data-testid="transfer-wallet" data-value={from.wallet}>
                {t(`common:wallets.${from.wallet}`)}
              </span>
            </Form.Item>
          )}
          <Form.Item
            name="amount"
            label={t('common:money.amount')}
            rules={[
              amountRule({
                decimals,
                asset: from.asset,
                min: min_amount,
                max: max_amount,
                available: from.available,
              }),
            ]}
            description={
              <span className="field-hint">
                {t('common:money.available')}:{' '}
                <Money value={from.available} asset={from.asset} testId="transfer-available" />
                {' · '}
                {t('common:money.minimum')}:{' '}
                <Money value={min_amount} asset={from.asset} testId="transfer-min" />
              </span>
            }
            extra={
              <button
                type="button"
                className="link-button"
                onClick={() => form.setFieldsValue({ amount: from.available })}
                data-testid="transfer-all"
              >
                {t('all')}
              </button>
            }
          >
            <Input
              id="transfer-amount"
              data-testid="transfer-amount"
              inputMode="decimal"
              placeholder="0.00"
            />
          </Form.Item>
        </Form>
        <List header={t('preview')} data-testid="transfer-preview">
          <List.Item extra={`${fee_percent}%`}>{t('feeRate')}</List.Item>
          <List.Item
            extra={<Money value={formatAmount(fee, decimals)} asset={from.asset} testId="transfer-fee" />}
          >
            {t('common:money.fee')}
          </List.Item>
          <List.Item
            extra={<Money value={formatAmount(total, decimals)} asset={from.asset} testId="transfer-total" />}
          >
            {t('transfer.totalDebited')}
          </List.Item>
        </List>
      </div>
      <TxPasswordSheet
        {...flow.sheet}
        testId="transfer-sheet"
        summary={
          <p>
            {t('transfer.confirmText', { to: form.getFieldValue('to_userid') ?? '' })}{' '}
            <Money value={formatAmount(total, decimals)} asset={from.asset} />
          </p>
        }
      />
    </>
  );
}
