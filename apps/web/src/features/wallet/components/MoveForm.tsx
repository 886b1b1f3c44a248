import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../../components/AmountField.tsx';
import { Money } from '../../../components/Money.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { balancesQuery, moveToFunds, walletKeys } from '../api.ts';
import { historyPath, WALLET_PATHS } from '../paths.ts';

type Values = { amount: string };

/**
 * Deposit-wallet USDT moved to the funds wallet (no fee), confirmed with the transaction password: deposits land in
 * the deposit wallet, and withdrawals, transfers and exchanges take the funds wallet's money. Texts: `chain`.
 */
export function MoveForm() {
  const { t } = useTranslation('chain');
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const balances = useQuery(balancesQuery);
  const flow = useTxSubmit<Awaited<ReturnType<typeof moveToFunds>>>({
    onSuccess: () => void client.invalidateQueries({ queryKey: walletKeys.all }),
  });
  if (balances.isPending) return <LoadingBlock testId="move-loading" />;
  if (balances.isError) return <LoadFailed onRetry={() => void balances.refetch()} testId="move-error" />;
  const decimals = decimalsOf('USDT');
  const available = (w: string) =>
    balances.data.wallets.find((x) => x.wallet === w && x.asset === 'USDT')?.available ?? '0';

  const onFinish = (v: Values) => {
    const request = { amount: toWireAmount(v.amount, decimals) ?? '' };
    flow.review(request, (secrets, idempotency_key) =>
      moveToFunds({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <TxFlowView
      flow={flow}
      form={form}
      testId="move"
      result={{
        successTitle: t('flow.success'),
        details: (r) => [
          moneyDetail(t('common:money.amount'), r.amount, r.asset, 'move-result-amount'),
          moneyDetail(t('common:wallets.funds'), r.balance_after, r.asset, 'move-result-balance'),
          { label: t('wallet:reference'), value: r.id, testId: 'move-result-id' },
        ],
        leadAction: (
          <Link
            to={WALLET_PATHS.withdraw}
            className="adm-button adm-button-primary adm-button-block"
            data-testid="move-to-withdraw"
          >
            {t('wallet:actions.withdraw')}
          </Link>
        ),
        againLabel: t('flow.again'),
        failedTitle: t('flow.failed'),
        backLabel: t('wallet:backToEdit'),
        link: (
          <Link to={historyPath({ wallet: 'deposit' })} data-testid="move-history-link">
            {t('wallet:viewHistory')}
          </Link>
        ),
      }}
      summary={
        <p>
          {t('flow.confirm')}{' '}
          <Money value={toWireAmount(form.getFieldValue('amount') ?? '', decimals) ?? '0'} asset="USDT" />
        </p>
      }
    >
      <p className="field-hint page-section" data-testid="move-intro">
        {t('flow.intro')}
      </p>
      <List>
        <List.Item extra={<Money value={available('deposit')} asset="USDT" testId="move-from-balance" />}>
          {t('flow.from')}
          {t('common:colon')}
          {t('common:wallets.deposit')}
        </List.Item>
        <List.Item extra={<Money value={available('funds')} asset="USDT" testId="move-to-balance" />}>
          {t('flow.to')}
          {t('common:colon')}
          {t('common:wallets.funds')}
        </List.Item>
      </List>
      <TxForm form={form} onFinish={onFinish} testId="move" submitLabel={t('flow.move')}>
        <AmountField
          form={form}
          testId="move"
          label={t('common:money.amount')}
          limits={{ decimals, asset: 'USDT', min: '0', available: available('deposit') }}
          allLabel={t('wallet:all')}
        />
      </TxForm>
    </TxFlowView>
  );
}
