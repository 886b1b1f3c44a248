import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../../components/AmountField.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
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
    <TxFlowView
      flow={flow}
      form={form}
      testId="airdrop"
      result={{
        successTitle: t('airdrop.success'),
        details: (r) => [
          { label: t('recipient.label'), value: r.to_userid, testId: 'airdrop-result-to' },
          moneyDetail(t('common:money.amount'), r.amount, r.asset, 'airdrop-result-amount'),
          moneyDetail(t('balanceAfter'), r.balance_after, r.asset, 'airdrop-result-balance'),
          { label: t('reference'), value: r.id, testId: 'airdrop-result-id' },
        ],
        againLabel: t('airdrop.again'),
        failedTitle: t('airdrop.failed'),
        backLabel: t('backToEdit'),
        link: (
          <Link to={historyPath({ view: 'token' })} data-testid="airdrop-history-link">
            {t('viewHistory')}
          </Link>
        ),
      }}
    >
      <TxForm form={form} onFinish={onFinish} testId="airdrop" submitLabel={t('airdrop.submit')}>
        <RecipientField form={form} kind="airdrop" testId="airdrop-to" />
        <Form.Item label={t('fromWallet')}>
          <span data-testid="airdrop-wallet" data-value={wallet}>
            {t(`common:wallets.${wallet}`)} · {asset}
          </span>
        </Form.Item>
        <AmountField
          form={form}
          testId="airdrop"
          label={t('common:money.amount')}
          limits={{ decimals, asset, min: min_amount, available }}
        />
        <Form.Item name="note" label={t('airdrop.note')}>
          <Input id="airdrop-note" data-testid="airdrop-note" maxLength={100} />
        </Form.Item>
      </TxForm>
    </TxFlowView>
  );
}
