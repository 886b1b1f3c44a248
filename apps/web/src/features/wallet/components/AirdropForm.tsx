import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { amountRule, showFieldErrors } from '../../../lib/validate.ts';
import { airdropMenuQuery, sendAirdrop, walletKeys } from '../api.ts';
import { historyPath } from '../paths.ts';
import { RecipientField } from './RecipientField.tsx';

type Values = { to_userid: string; amount: string; note?: string };

/** Send platform tokens to another member. */
export function AirdropForm() {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const menu = useQuery(airdropMenuQuery);
  const flow = useTxSubmit<Awaited<ReturnType<typeof sendAirdrop>>>({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });

  if (menu.isPending) return <LoadingBlock testId="airdrop-loading" />;
  if (menu.isError) return <LoadFailed onRetry={() => void menu.refetch()} testId="airdrop-error" />;
  const { asset, wallet, min_amount, available } = menu.data;
  const decimals = decimalsOf(asset);

  let result = null;
  if (flow.outcome.state === 'success') {
    const r = flow.outcome.result;
    result = (
      <OperationResult
        testId="airdrop-result"
        status="success"
        title={t('airdrop.success')}
        details={[
          { label: t('recipient.label'), value: r.to_userid, testId: 'airdrop-result-to' },
          {
            label: t('common:money.amount'),
            value: <Money value={r.amount} asset={r.asset} />,
            testId: 'airdrop-result-amount',
          },
          {
            label: t('balanceAfter'),
            value: <Money value={r.balance_after} asset={r.asset} />,
            testId: 'airdrop-result-balance',
          },
          { label: t('reference'), value: r.id, testId: 'airdrop-result-id' },
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
              data-testid="airdrop-again"
            >
              {t('airdrop.again')}
            </Button>
            <Link to={historyPath({ view: 'token' })} data-testid="airdrop-history-link">
              {t('viewHistory')}
            </Link>
          </>
        }
      />
    );
  } else if (flow.outcome.state === 'error') {
    const { error, message } = flow.outcome;
    result = (
      <OperationResult
        testId="airdrop-result"
        status="error"
        title={t('airdrop.failed')}
        description={message}
        actions={
          <Button
            block
            color="primary"
            onClick={() => {
              flow.backToForm();
              showFieldErrors(form, error);
            }}
            data-testid="airdrop-back"
          >
            {t('backToEdit')}
          </Button>
        }
      />
    );
  }

  const onFinish = (v: Values) => {
    const request = {
      to_userid: v.to_userid.trim(),
      amount: toWireAmount(v.amount, decimals) ?? '',
      ...(v.note?.trim() ? { note: v.note.trim() } : {}),
    };
    flow.review(request, (secrets, idempotency_key) =>
      sendAirdrop({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <>
      {result}
      <div hidden={result !== null}>
        <Form
          form={form}
          onFinish={onFinish}
          data-testid="airdrop-form"
          footer={
            <Button block type="submit" color="primary" size="large" data-testid="airdrop-submit">
              {t('airdrop.submit')}
            </Button>
          }
        >
          <RecipientField form={form} kind="airdrop" testId="airdrop-to" />
          <Form.Item label={t('fromWallet')}>
            <span data-testid="airdrop-wallet" data-value={wallet}>
              {t(`common:wallets.${wallet}`)} · {asset}
            </span>
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('common:money.amount')}
            rules={[amountRule({ decimals, asset, min: min_amount, available })]}
            description={
              <span className="field-hint">
                {t('common:money.available')}:{' '}
                <Money value={available} asset={asset} testId="airdrop-available" />
                {' · '}
                {t('common:money.minimum')}: <Money value={min_amount} asset={asset} testId="airdrop-min" />
              </span>
            }
          >
            <Input id="airdrop-amount" data-testid="airdrop-amount" inputMode="decimal" placeholder="0.00" />
          </Form.Item>
          <Form.Item name="note" label={t('airdrop.note')}>
            <Input id="airdrop-note" data-testid="airdrop-note" maxLength={100} />
          </Form.Item>
        </Form>
      </div>
      <TxPasswordSheet {...flow.sheet} testId="airdrop-sheet" />
    </>
  );
}
