import { MINING_PAYMENT_WALLETS } from '@mp/contract/web';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, List, Radio, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { buyPackage, miningKeys, packageQuery, previewQuery } from '../api.ts';
import { EconomicsSummary, useBelowPriceText } from '../components/EconomicsSummary.tsx';
import { MINING_PATHS } from '../paths.ts';
import '../mining.css';

type Wallet = (typeof MINING_PAYMENT_WALLETS)[number];

/** A package's detail and its purchase: quantity, voucher, payment wallet, agreement, transaction password. */
export default function PackagePage() {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const pkg = useQuery({ ...packageQuery(id), enabled: id !== '' });
  const [quantity, setQuantity] = useState<number | null>(null);
  const [voucher, setVoucher] = useState('');
  const [wallet, setWallet] = useState<Wallet | undefined>(undefined);
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const belowPriceText = useBelowPriceText();
  const qty = quantity ?? pkg.data?.min_quantity ?? 1;
  const preview = useQuery({
    ...previewQuery({
      package_id: id,
      quantity: qty,
      ...(voucher ? { voucher_id: voucher } : {}),
      ...(wallet ? { wallet } : {}),
    }),
    enabled: pkg.isSuccess,
    placeholderData: keepPreviousData,
  });
  const flow = useTxSubmit<Awaited<ReturnType<typeof buyPackage>>>({
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: miningKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });

  if (pkg.isPending && id)
    return (
      <PageLayout title={t('packageDetail')}>
        <LoadingBlock />
      </PageLayout>
    );
  if (!pkg.data) {
    return (
      <PageLayout title={t('packageDetail')} testId="mining-package-page">
        <LoadFailed onRetry={() => void pkg.refetch()} testId="mining-package-error" />
      </PageLayout>
    );
  }
  const p = pkg.data;
  const pv = preview.data;
  const kycApproved = p.kyc_state === 'approved';
  const chosenWallet = wallet ?? (pv?.wallet as Wallet | undefined) ?? 'funds';

  if (flow.outcome.state !== 'form') {
    const o = flow.outcome;
    return (
      <PageLayout title={t('packageDetail')} testId="mining-package-page">
        {o.state === 'success' ? (
          <OperationResult
            testId="mining-result"
            status="success"
            title={t('purchased')}
            details={[
              { label: t('orderNo'), value: o.result.order_no, testId: 'mining-result-order' },
              { label: t('capacity'), value: o.result.capacity, testId: 'mining-result-capacity' },
              {
                label: t('price'),
                value: <Money value={o.result.price} asset={o.result.asset} />,
                testId: 'mining-result-price',
              },
              {
                label: t('discount'),
                value: <Money value={o.result.discount} asset={o.result.asset} />,
                testId: 'mining-result-discount',
              },
              {
                label: t('paid'),
                value: <Money value={o.result.paid} asset={o.result.asset} />,
                testId: 'mining-result-paid',
              },
              {
                label: t('paymentMethod'),
                value: t(`common:wallets.${o.result.payment_method}`),
                testId: 'mining-result-wallet',
              },
              { label: t('startDate'), value: o.result.start_date, testId: 'mining-result-start' },
            ]}
            actions={
              <Button
                block
                color="primary"
                onClick={() => navigate(MINING_PATHS.orders)}
                data-testid="mining-result-orders"
              >
                {t('links.orders')}
              </Button>
            }
          />
        ) : (
          <OperationResult
            testId="mining-result"
            status="error"
            title={t('purchaseFailed')}
            description={o.message}
            actions={
              <Button block color="primary" onClick={flow.backToForm} data-testid="mining-back">
                {t('backToEdit')}
              </Button>
            }
          />
        )}
      </PageLayout>
    );
  }

  const pay = () => {
    if (!agree) {
      setAgreeError(true);
      return;
    }
    const request = {
      package_id: p.id,
      quantity: qty,
      wallet: chosenWallet,
      ...(voucher ? { voucher_id: voucher } : {}),
      agree: true,
    };
    flow.review(request, (secrets, idempotency_key) =>
      buyPackage({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <PageLayout title={t('packageDetail')} testId="mining-package-page">
      {!kycApproved ? (
        <div className="mining-banner" data-testid="mining-kyc-banner">
          {t('kycRequired')}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(MINING_PATHS.kyc)}
            data-testid="mining-kyc-link"
          >
            {t('kycLink')}
          </button>
        </div>
      ) : null}
      <List header={p.name} data-testid="mining-package-facts">
        <List.Item extra={p.coin}>{t('coin')}</List.Item>
        <List.Item extra={<Money value={p.unit_price} asset={p.price_asset} testId="mining-unit-price" />}>
          {t('unitPrice')} / {p.capacity_unit}
        </List.Item>
        <List.Item extra={t('days', { count: p.term_days })}>{t('term')}</List.Item>
        <List.Item
          extra={<Money value={p.daily_profit} asset={p.settle_asset} />}
          description={<span className="mining-estimate">{t('estimateNote')}</span>}
        >
          {t('estimatedProfit')}
        </List.Item>
        <List.Item extra={<Money value={p.daily_fee} asset={p.settle_asset} />}>
          {t('managementFee')}
        </List.Item>
        <List.Item extra={t(`common:wallets.${p.settle_wallet}`)}>{t('settlement')}</List.Item>
        <List.Item extra={p.min_quantity}>{t('minOrder')}</List.Item>
        <List.Item extra={<span data-testid="mining-stock">{p.stock}</span>}>{t('stock')}</List.Item>
      </List>

      <List header={t('order')}>
        <List.Item
          extra={
            <Stepper
              min={p.min_quantity}
              max={Math.max(p.stock, p.min_quantity)}
              digits={0}
              value={qty}
              onChange={(v) => setQuantity(v)}
              data-testid="mining-quantity"
            />
          }
        >
          {t('quantity')} ({p.capacity_unit})
        </List.Item>
        <List.Item
          extra={<span data-testid="mining-capacity">{pv?.capacity ?? `${qty} ${p.capacity_unit}`}</span>}
        >
          {t('capacity')}
        </List.Item>
      </List>

      <List header={t('voucher')} data-testid="mining-vouchers">
        <Radio.Group value={voucher} onChange={(v) => setVoucher(String(v))}>
          <List.Item>
            <Radio value="" data-testid="mining-voucher-none">
              {t('noVoucher')}
            </Radio>
          </List.Item>
          {(pv?.vouchers ?? []).map((v) => (
            <List.Item key={v.id} description={t('expires', { date: v.expires_at.slice(0, 10) })}>
              <Radio value={v.id} data-testid={`mining-voucher-${v.id}`}>
                {t('voucherOff', { percent: v.discount_percent })}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>

      <List header={t('paymentMethod')} data-testid="mining-wallets">
        <Radio.Group value={chosenWallet} onChange={(v) => setWallet(v as Wallet)}>
          {(pv?.wallets ?? MINING_PAYMENT_WALLETS.map((w) => ({ wallet: w, available: '0' }))).map((w) => (
            <List.Item key={w.wallet} extra={<Money value={w.available} asset={pv?.asset ?? 'USDT'} />}>
              <Radio value={w.wallet} data-testid={`mining-wallet-${w.wallet}`}>
                {t(`common:wallets.${w.wallet}`)}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>

      <List header={t('summary')} data-testid="mining-preview">
        <List.Item extra={pv ? <Money value={pv.price} asset={pv.asset} testId="mining-price" /> : '—'}>
          {t('price')}
        </List.Item>
        <List.Item extra={pv ? <Money value={pv.discount} asset={pv.asset} testId="mining-discount" /> : '—'}>
          {t('discount')}
        </List.Item>
        <List.Item
          extra={pv ? <Money value={pv.pay_amount} asset={pv.asset} testId="mining-pay-amount" /> : '—'}
        >
          {t('payAmount')}
        </List.Item>
        <List.Item
          extra={pv ? <Money value={pv.daily_income} asset={p.settle_asset} testId="mining-daily" /> : '—'}
        >
          {t('dailyIncome')}
        </List.Item>
        <List.Item
          extra={<span data-testid="mining-dates">{pv ? `${pv.start_date} – ${pv.end_date}` : '—'}</span>}
        >
          {t('miningPeriod')}
        </List.Item>
      </List>
      <EconomicsSummary e={pv?.economics ?? p.economics} assumptions={p} testId="mining-economics" block />
      {preview.error ? (
        <p className="field-error page-section" data-testid="mining-preview-error">
          {preview.error.message}
        </p>
      ) : null}
      {pv && !pv.enough ? (
        <p className="field-error page-section" data-testid="mining-not-enough">
          {t('notEnough')}
        </p>
      ) : null}

      <div className="mining-agree">
        <Checkbox
          checked={agree}
          onChange={(v) => {
            setAgree(v);
            if (v) setAgreeError(false);
          }}
          data-testid="mining-agree"
        >
          {t('agree')}
        </Checkbox>
        {agreeError ? (
          <div className="field-error" data-testid="mining-agree-error">
            {t('agreeRequired')}
          </div>
        ) : null}
      </div>
      <div className="page-section">
        <Button
          block
          color="primary"
          size="large"
          disabled={!kycApproved || !pv || preview.isError}
          onClick={pay}
          data-testid="mining-pay"
        >
          {t('pay')}
        </Button>
      </div>
      <TxPasswordSheet
        {...flow.sheet}
        testId="mining-sheet"
        summary={
          pv ? (
            <>
              <p>
                {t('confirmText', { capacity: pv.capacity })} <Money value={pv.pay_amount} asset={pv.asset} />
              </p>
              {pv.economics.below_price ? (
                <p className="mining-warning" data-testid="mining-sheet-warning">
                  {belowPriceText(pv.economics)}
                </p>
              ) : null}
            </>
          ) : null
        }
      />
    </PageLayout>
  );
}
