import type { ResponseOf } from '@mp/contract';
import { feeCeil, formatAmount, type transferMenu } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../../components/AmountField.tsx';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { decimalsOf, parseMoneyInput, percentToBps, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { sendTransfer, transferMenuQuery, walletKeys } from '../api.ts';
import { historyPath } from '../paths.ts';
import { RecipientField } from './RecipientField.tsx';
import { WalletSourceNote } from './WalletSourceNote.tsx';
import { SecurityHoldBanner } from '../../../components/SecurityHoldBanner.tsx';

type Values = { to_userid: string; amount: string };
type Wallet = ResponseOf<typeof transferMenu>['wallets'][number];

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

  const onFinish = (v: Values) => {
    const amount = toWireAmount(v.amount, decimals) ?? '';
    const request = { to_userid: v.to_userid.trim(), amount, wallet: from.wallet };
    flow.review(request, (secrets, idempotency_key) =>
      sendTransfer({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <>
      <SecurityHoldBanner />
      <TxFlowView
        flow={flow}
        form={form}
        testId="transfer"
        result={{
          successTitle: t('transfer.success'),
          details: (r) => [
            { label: t('recipient.label'), value: r.to_userid, testId: 'transfer-result-to' },
            moneyDetail(t('common:money.amount'), r.amount, r.asset, 'transfer-result-amount'),
            moneyDetail(t('common:money.fee'), r.fee, r.asset, 'transfer-result-fee'),
            moneyDetail(t('balanceAfter'), r.balance_after, r.asset, 'transfer-result-balance'),
            { label: t('reference'), value: r.id, testId: 'transfer-result-id' },
          ],
          againLabel: t('transfer.again'),
          failedTitle: t('transfer.failed'),
          backLabel: t('backToEdit'),
          link: (
            <Link to={historyPath({ view: 'movements' })} data-testid="transfer-history-link">
              {t('viewHistory')}
            </Link>
          ),
          linkOnError: true,
        }}
        summary={
          <p>
            {t('transfer.confirmText', { to: form.getFieldValue('to_userid') ?? '' })}{' '}
            <Money value={formatAmount(total, decimals)} asset={from.asset} />
          </p>
        }
      >
        <WalletSourceNote action="transfer" />
        <TxForm form={form} onFinish={onFinish} testId="transfer" submitLabel={t('transfer.submit')}>
          <RecipientField form={form} kind="transfer" testId="transfer-to" />
          <FromWalletField wallets={wallets} from={from} onChange={setPicked} />
          <AmountField
            form={form}
            testId="transfer"
            label={t('common:money.amount')}
            limits={{
              decimals,
              asset: from.asset,
              min: min_amount,
              max: max_amount,
              available: from.available,
            }}
            allLabel={t('all')}
          />
        </TxForm>
        <TransferPreview
          feePercent={fee_percent}
          fee={fee}
          total={total}
          decimals={decimals}
          asset={from.asset}
        />
      </TxFlowView>
    </>
  );
}

/** The wallet to send from: a choice when there are several, else the one there is. */
function FromWalletField({
  wallets,
  from,
  onChange,
}: {
  wallets: Wallet[];
  from: Wallet;
  onChange: (wallet: string) => void;
}) {
  const { t } = useTranslation('wallet');
  return wallets.length > 1 ? (
    <Form.Item label={t('fromWallet')}>
      <FilterChips
        options={wallets.map((w) => ({ key: w.wallet, label: t(`common:wallets.${w.wallet}`) }))}
        value={from.wallet}
        onChange={onChange}
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
  );
}

/** The fee rate, the fee on the typed amount, and the total taken from the wallet. */
function TransferPreview({
  feePercent,
  fee,
  total,
  decimals,
  asset,
}: {
  feePercent: string;
  fee: bigint;
  total: bigint;
  decimals: number;
  asset: string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <List header={t('preview')} data-testid="transfer-preview">
      <List.Item extra={`${feePercent}%`}>{t('feeRate')}</List.Item>
      <List.Item extra={<Money value={formatAmount(fee, decimals)} asset={asset} testId="transfer-fee" />}>
        {t('common:money.fee')}
      </List.Item>
      <List.Item
        extra={<Money value={formatAmount(total, decimals)} asset={asset} testId="transfer-total" />}
      >
        {t('transfer.totalDebited')}
      </List.Item>
    </List>
  );
}
