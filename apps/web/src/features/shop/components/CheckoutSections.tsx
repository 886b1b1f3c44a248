import type { ResponseOf, ShopPaymentWallet } from '@mp/contract';
import type { buyProductPreview2 } from '@mp/contract/web';
import { Button, Checkbox, List, Modal, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import type { TxOutcome } from '../../../lib/useTxSubmit.ts';
import { type buyCart, SHOP_PATHS } from '../api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { decimalsOf, formatAsset, formatMoney } from '../../../lib/money.ts';

export type CheckoutPreview = ResponseOf<typeof buyProductPreview2>;
export type Delivery = 'ship' | 'keep';
type Paid = Awaited<ReturnType<typeof buyCart>>;

/** The cart's lines at the chosen wallet's prices (or a note that a product has no price in it). */
export function CartLines({ pv }: { pv: CheckoutPreview }) {
  const { t } = useTranslation('shop');
  return (
    <List header={t('items')} data-testid="checkout-lines">
      {pv.lines.map((l) => (
        <List.Item
          key={l.product_id}
          description={
            l.unit_price
              ? `${l.quantity} × ${formatAsset(l.unit_price, pv.asset)}`
              : t('noPriceIn', { asset: pv.asset })
          }
          extra={l.amount ? <Money value={l.amount} asset={pv.asset} /> : '—'}
        >
          {l.name}
        </List.Item>
      ))}
    </List>
  );
}

/** The wallets to pay from, each with its total, balance and minimum (one without prices cannot be chosen). */
export function WalletChoice({
  pv,
  onChange,
}: {
  pv: CheckoutPreview;
  onChange: (wallet: ShopPaymentWallet) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <List header={t('payWith')} data-testid="checkout-wallets">
      <Radio.Group value={pv.wallet} onChange={(v) => onChange(v as ShopPaymentWallet)}>
        {pv.wallets.map((w) => (
          <List.Item
            key={w.wallet}
            description={
              w.total === ''
                ? t('noPriceIn', { asset: w.asset })
                : `${t('walletTotal')}{t('common:colon')}${formatAsset(w.total, w.asset)} · ${t('balance')}{t('common:colon')}${formatAsset(w.available, w.asset)}${
                    w.minimum !== '0'
                      ? ` · ${t('minimum', { min: formatMoney(w.minimum, { decimals: decimalsOf(w.asset) }), asset: w.asset })}`
                      : ''
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
  );
}

/** Shipping the goods to an address, or keeping them. */
export function DeliveryChoice({
  delivery,
  onChange,
}: {
  delivery: Delivery;
  onChange: (d: Delivery) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <List header={t('delivery')} data-testid="checkout-delivery">
      <Radio.Group value={delivery} onChange={(v) => onChange(v as Delivery)}>
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
  );
}

/** The member's addresses to ship to, and a way to add one (coming back to checkout). */
export function AddressChoice({
  pv,
  address,
  onChange,
}: {
  pv: CheckoutPreview;
  address: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  return (
    <List header={t('shipTo')} data-testid="checkout-addresses">
      <Radio.Group value={address} onChange={(v) => onChange(String(v))}>
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
  );
}

/** No voucher, or one of the member's vouchers (with its discount and expiry). */
export function VoucherChoice({
  pv,
  onChange,
}: {
  pv: CheckoutPreview;
  onChange: (voucher: string) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <List header={t('voucher')} data-testid="checkout-vouchers">
      <Radio.Group value={pv.voucher_id} onChange={(v) => onChange(String(v))}>
        <List.Item>
          <Radio value="" data-testid="checkout-voucher-none">
            {t('noVoucher')}
          </Radio>
        </List.Item>
        {pv.vouchers.map((v) => (
          <List.Item key={v.id} description={t('voucherUntil', { date: formatDateTime(v.expires_at) })}>
            <Radio value={v.id} data-testid={`checkout-voucher-${v.id}`}>
              {t('voucherOff', { percent: v.discount_percent })}
            </Radio>
          </List.Item>
        ))}
      </Radio.Group>
    </List>
  );
}

/** The discount, the amount to pay, and a warning when the chosen wallet does not hold it. */
export function CheckoutTotals({ pv }: { pv: CheckoutPreview }) {
  const { t } = useTranslation('shop');
  const chosen = pv.wallets.find((w) => w.wallet === pv.wallet);
  return (
    <>
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
    </>
  );
}

/** The user service agreement's checkbox, a way to read it, and the message when paying without it. */
export function AgreeBox({
  agree,
  agreeError,
  onChange,
}: {
  agree: boolean;
  agreeError: boolean;
  onChange: (agree: boolean) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <div className="shop-agree">
      <Checkbox checked={agree} onChange={onChange} data-testid="checkout-agree">
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
  );
}

/** The payment's outcome: the order paid (with a way to the orders), or why it failed (back to the form). */
export function PaymentResult({
  outcome,
  onBack,
}: {
  outcome: Exclude<TxOutcome<Paid>, { state: 'form' }>;
  onBack: () => void;
}) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  if (outcome.state !== 'success')
    return (
      <OperationResult
        testId="checkout-result"
        status="error"
        title={t('payFailed')}
        description={outcome.message}
        actions={
          <Button block color="primary" onClick={onBack} data-testid="checkout-back">
            {t('backToEdit')}
          </Button>
        }
      />
    );
  const { order, total } = outcome.result;
  return (
    <OperationResult
      testId="checkout-result"
      status="success"
      title={t('paid')}
      details={[
        { label: t('orderNo'), value: order.order_no, testId: 'checkout-result-order' },
        {
          label: t('paidAmount'),
          value: <Money value={total} asset={order.asset} exact />,
          testId: 'checkout-result-total',
        },
        {
          label: t('delivery'),
          value: t(`deliveryChoice.${order.delivery}`),
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
  );
}
