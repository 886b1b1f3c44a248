import type { ShopPaymentWallet } from '@mp/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, List, Modal, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { buyCart, previewQuery, SHOP_PATHS, shopKeys } from '../api.ts';
import '../shop.css';

type Delivery = 'ship' | 'keep';

/**
 * Checkout (`/pages/shop/checkout`): the cart's lines at the chosen wallet's prices, the wallet (points or USDT,
 * each with its total, balance and minimum), shipping to an address or keeping the goods, the user service
 * agreement, and the payment with the transaction password.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [wallet, setWallet] = useState<ShopPaymentWallet | ''>('');
  const [delivery, setDelivery] = useState<Delivery>('ship');
  const [addressId, setAddressId] = useState('');
  const [voucher, setVoucher] = useState('');
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const preview = useQuery({ ...previewQuery(wallet, voucher), placeholderData: keepPreviousData });
  const flow = useTxSubmit<Awaited<ReturnType<typeof buyCart>>>({
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shopKeys.all });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  const pv = preview.data;
  const address = addressId || pv?.addresses.find((a) => a.is_default)?.id || '';

  if (flow.outcome.state !== 'form') {
    const o = flow.outcome;
    return (
      <PageLayout title={t('checkout')} testId="checkout-page">
        {o.state === 'success' ? (
          <OperationResult
            testId="checkout-result"
            status="success"
            title={t('paid')}
            details={[
              { label: t('orderNo'), value: o.result.order.order_no, testId: 'checkout-result-order' },
              {
                label: t('paidAmount'),
                value: <Money value={o.result.total} asset={o.result.order.asset} />,
                testId: 'checkout-result-total',
              },
              {
                label: t('delivery'),
                value: t(`deliveryChoice.${o.result.order.delivery}`),
                testId: 'checkout-result-delivery',
              },
            ]}
            actions={
              <Button
                block
                color="primary"
                onClick={() => navigate(SHOP_PATHS.orders)}
                data-testid="checkout-orders"
              >
                {t('myOrders')}
              </Button>
            }
          />
        ) : (
          <OperationResult
            testId="checkout-result"
            status="error"
            title={t('payFailed')}
            description={o.message}
            actions={
              <Button block color="primary" onClick={flow.backToForm} data-testid="checkout-back">
                {t('backToEdit')}
              </Button>
            }
          />
        )}
      </PageLayout>
    );
  }

  if (preview.isPending)
    return (
      <PageLayout title={t('checkout')} testId="checkout-page">
        <LoadingBlock />
      </PageLayout>
    );
  if (!pv)
    return (
      <PageLayout title={t('checkout')} testId="checkout-page">
        <LoadFailed onRetry={() => void preview.refetch()} />
      </PageLayout>
    );
  if (pv.lines.length === 0)
    return (
      <PageLayout title={t('checkout')} testId="checkout-page">
        <EmptyBlock text={t('cartEmpty')} testId="checkout-empty" />
      </PageLayout>
    );

  const chosen = pv.wallets.find((w) => w.wallet === pv.wallet);
  const needsAddress = delivery === 'ship' && !address;
  const pay = () => {
    if (!agree) {
      setAgreeError(true);
      return;
    }
    const request = {
      wallet: pv.wallet,
      delivery,
      ...(delivery === 'ship' ? { address_id: address } : {}),
      ...(pv.voucher_id ? { voucher_id: pv.voucher_id } : {}),
      agree: true,
    };
    flow.review(request, (secrets, idempotency_key) =>
      buyCart({ ...request, tx_password: secrets.tx_password, idempotency_key }),
    );
  };

  return (
    <PageLayout title={t('checkout')} testId="checkout-page">
      <List header={t('items')} data-testid="checkout-lines">
        {pv.lines.map((l) => (
          <List.Item
            key={l.product_id}
            description={
              l.unit_price
                ? `${l.quantity} × ${l.unit_price} ${pv.asset}`
                : t('noPriceIn', { asset: pv.asset })
            }
            extra={l.amount ? <Money value={l.amount} asset={pv.asset} /> : '—'}
          >
            {l.name}
          </List.Item>
        ))}
      </List>

      <List header={t('payWith')} data-testid="checkout-wallets">
        <Radio.Group value={pv.wallet} onChange={(v) => setWallet(v as ShopPaymentWallet)}>
          {pv.wallets.map((w) => (
            <List.Item
              key={w.wallet}
              description={
                w.total === ''
                  ? t('noPriceIn', { asset: w.asset })
                  : `${t('walletTotal')}: ${w.total} ${w.asset} · ${t('balance')}: ${w.available} ${w.asset}${
                      w.minimum !== '0' ? ` · ${t('minimum', { min: w.minimum, asset: w.asset })}` : ''
                    }`
              }
            >
              <Radio value={w.wallet} disabled={w.total === ''} data-testid={`checkout-wallet-${w.wallet}`}>
                {t(`common:wallets.${w.wallet}`)}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>

      <List header={t('delivery')} data-testid="checkout-delivery">
        <Radio.Group value={delivery} onChange={(v) => setDelivery(v as Delivery)}>
          <List.Item description={t('deliveryHint.ship')}>
            <Radio value="ship" data-testid="checkout-ship">
              {t('deliveryChoice.ship')}
            </Radio>
          </List.Item>
          <List.Item description={t('deliveryHint.keep')}>
            <Radio value="keep" data-testid="checkout-keep">
              {t('deliveryChoice.keep')}
            </Radio>
          </List.Item>
        </Radio.Group>
      </List>

      {delivery === 'ship' ? (
        <List header={t('shipTo')} data-testid="checkout-addresses">
          <Radio.Group value={address} onChange={(v) => setAddressId(String(v))}>
            {pv.addresses.map((a) => (
              <List.Item
                key={a.id}
                description={`${a.line1}, ${a.postcode} ${a.city}, ${a.country} · ${a.phone}`}
              >
                <Radio value={a.id} data-testid={`checkout-address-${a.id}`}>
                  {a.name}
                </Radio>
              </List.Item>
            ))}
          </Radio.Group>
          <List.Item
            onClick={() => navigate(`${SHOP_PATHS.newAddress}?back=checkout`)}
            data-testid="checkout-add-address"
          >
            {t('addAddress')}
          </List.Item>
        </List>
      ) : null}

      {pv.vouchers.length > 0 ? (
        <List header={t('voucher')} data-testid="checkout-vouchers">
          <Radio.Group value={pv.voucher_id} onChange={(v) => setVoucher(String(v))}>
            <List.Item>
              <Radio value="" data-testid="checkout-voucher-none">
                {t('noVoucher')}
              </Radio>
            </List.Item>
            {pv.vouchers.map((v) => (
              <List.Item key={v.id} description={t('voucherUntil', { date: v.expires_at.slice(0, 10) })}>
                <Radio value={v.id} data-testid={`checkout-voucher-${v.id}`}>
                  {t('voucherOff', { percent: v.discount_percent })}
                </Radio>
              </List.Item>
            ))}
          </Radio.Group>
        </List>
      ) : null}

      {pv.discount && pv.discount !== '0' ? (
        <section className="cart-totals" data-testid="checkout-discount">
          <span>{t('discount')}</span>
          <span>
            -<Money value={pv.discount} asset={pv.asset} />
          </span>
        </section>
      ) : null}
      <section className="cart-totals" data-testid="checkout-total">
        <span>{t('toPay')}</span>
        <strong>{pv.pay ? <Money value={pv.pay} asset={pv.asset} /> : '—'}</strong>
      </section>
      {chosen && chosen.total !== '' && !pv.enough ? (
        <p className="field-error page-section" data-testid="checkout-not-enough">
          {t('notEnough')}
        </p>
      ) : null}

      <div className="shop-agree">
        <Checkbox
          checked={agree}
          onChange={(v) => {
            setAgree(v);
            if (v) setAgreeError(false);
          }}
          data-testid="checkout-agree"
        >
          {t('agree')}
        </Checkbox>{' '}
        <button
          type="button"
          className="link-button"
          onClick={() =>
            Modal.alert({ title: t('agreementTitle'), content: t('agreementText'), confirmText: t('close') })
          }
          data-testid="checkout-agreement"
        >
          {t('readAgreement')}
        </button>
        {agreeError ? (
          <div className="field-error" data-testid="checkout-agree-error">
            {t('agreeRequired')}
          </div>
        ) : null}
      </div>
      <div className="page-section">
        <Button
          block
          color="primary"
          size="large"
          disabled={!pv.pay || needsAddress}
          onClick={pay}
          data-testid="checkout-pay"
        >
          {needsAddress ? t('chooseAddress') : t('pay')}
        </Button>
      </div>
      <TxPasswordSheet
        {...flow.sheet}
        testId="checkout-sheet"
        summary={pv.pay ? <Money value={pv.pay} asset={pv.asset} /> : null}
      />
    </PageLayout>
  );
}
