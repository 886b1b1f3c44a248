import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../../components/AmountField.tsx';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { moneyDetail, TxFlowView, TxForm } from '../../../components/TxFlowView.tsx';
import { decimalsOf, toWireAmount } from '../../../lib/money.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { balancesQuery, walletKeys } from '../../wallet/api.ts';
import { copyKeys, moveWallets } from '../api.ts';
import '../../trading/trading.css';
import '../copy.css';

type Direction = 'in' | 'out';
const WALLETS: Record<Direction, { from: 'funds' | 'trading'; to: 'funds' | 'trading' }> = {
  in: { from: 'funds', to: 'trading' },
  out: { from: 'trading', to: 'funds' },
};

/**
 * `/pages/copy/fund`: moving USDT between the member's funds wallet and trading wallet (what copy trading and
 * bot subscriptions are paid from), without fee, confirmed with the transaction password.
 */
export default function CopyFundPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const [form] = Form.useForm<{ amount: string }>();
  const [direction, setDirection] = useState<Direction>('in');
  const balances = useQuery(balancesQuery).data;
  const flow = useTxSubmit<Awaited<ReturnType<typeof moveWallets>>['data']>({
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: walletKeys.all });
      void client.invalidateQueries({ queryKey: copyKeys.all });
    },
  });
  const decimals = decimalsOf('USDT');
  const { from, to } = WALLETS[direction];
  const available = (w: string) =>
    balances?.wallets.find((x) => x.wallet === w && x.asset === 'USDT')?.available ?? '0';

  return (
    <PageLayout title={t('routes:/pages/copy/fund')} testId="copy-fund-page">
      {!balances && <LoadingBlock />}
      {balances && (
        <TxFlowView
          flow={flow}
          form={form}
          testId="copy-fund"
          result={{
            successTitle: t('copy.moved'),
            details: (r) => [
              moneyDetail(t('copy.amount'), r.amount, 'USDT', 'copy-fund-result-amount'),
              moneyDetail(t(`copy.wallet.${r.to}`), r.balance_after, 'USDT', 'copy-fund-result-balance'),
            ],
            leadAction: (
              <Link to="/pages/copy/traders" className="adm-button adm-button-primary adm-button-block">
                {t('copy.toTraders')}
              </Link>
            ),
            againLabel: t('copy.moveAgain'),
            failedTitle: t('copy.moveFailed'),
            backLabel: t('copy.backToEdit'),
          }}
          summary={
            <p>
              {t(`copy.wallet.${from}`)} → {t(`copy.wallet.${to}`)}
              {t('common:colon')}
              <Money value={toWireAmount(form.getFieldValue('amount') ?? '', decimals) ?? '0'} asset="USDT" />
            </p>
          }
        >
          <section className="balance-grid">
            <div className="line">
              <span>{t('copy.wallet.funds')}</span>
              <Money value={available('funds')} asset="USDT" testId="copy-fund-funds" />
            </div>
            <div className="line">
              <span>{t('copy.wallet.trading')}</span>
              <Money value={available('trading')} asset="USDT" testId="copy-fund-trading" />
            </div>
          </section>
          <FilterChips
            options={(['in', 'out'] as Direction[]).map((k) => ({ key: k, label: t(`copy.move.${k}`) }))}
            value={direction}
            onChange={(d) => {
              setDirection(d);
              form.resetFields(['amount']);
            }}
            label={t('copy.direction')}
            testId="copy-fund-direction"
          />
          <TxForm
            form={form}
            testId="copy-fund"
            submitLabel={t('copy.moveSubmit')}
            onFinish={(v: { amount: string }) => {
              const request = { from, to, amount: toWireAmount(v.amount, decimals) ?? '' };
              flow.review(
                request,
                async (secrets, idempotency_key) =>
                  (await moveWallets({ ...request, tx_password: secrets.tx_password, idempotency_key })).data,
              );
            }}
          >
            <AmountField
              form={form}
              testId="copy-fund"
              label={t('copy.amount')}
              limits={{ decimals, asset: 'USDT', min: '0', available: available(from) }}
              allLabel={t('copy.all')}
            />
          </TxForm>
        </TxFlowView>
      )}
    </PageLayout>
  );
}
