import type { ShopPaymentWallet } from '@mp/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { refreshAfterAction } from '../../../lib/refreshAfterAction.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { buyCart, previewQuery, shopKeys } from '../api.ts';
import {
  AddressChoice,
  AgreeBox,
  CartLines,
  type CheckoutPreview,
  CheckoutTotals,
  type Delivery,
  DeliveryChoice,
  PaymentResult,
  VoucherChoice,
  WalletChoice,
} from '../components/CheckoutSections.tsx';
import '../shop.css';

type Checkout = ReturnType<typeof useCheckout>;

/**
 * Checkout (`/pages/shop/checkout`): the cart's lines at the chosen wallet's prices, the wallet (points or USDT,
 * each with its total, balance and minimum), shipping to an address or keeping the goods, the user service
 * agreement, and the payment with the transaction password.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('shop');
  const checkout = useCheckout();
  const { preview, flow } = checkout;
  const pv = preview.data;

  let body: ReactNode;
  if (flow.outcome.state !== 'form') body = <PaymentResult outcome={flow.outcome} onBack={flow.backToForm} />;
  else if (preview.isPending) body = <LoadingBlock />;
  else if (!pv) body = <LoadFailed onRetry={() => void preview.refetch()} />;
  else if (pv.lines.length === 0) body = <EmptyBlock text={t('cartEmpty')} testId="checkout-empty" />;
  else body = <CheckoutForm pv={pv} checkout={checkout} />;
  return (
    <PageLayout title={t('checkout')} testId="checkout-page">
      {body}
    </PageLayout>
  );
}

/**
 * The checkout's choices (the wallet and voucher the preview is asked for; the address: the default one until
 * chosen), the preview of the cart at those, and the payment flow.
 */
function useCheckout() {
  const client = useQueryClient();
  const [wallet, setWallet] = useState<ShopPaymentWallet | ''>('');
  const [delivery, setDelivery] = useState<Delivery>('ship');
  const [addressId, setAddressId] = useState('');
  const [voucher, setVoucher] = useState('');
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const flow = useTxSubmit<Awaited<ReturnType<typeof buyCart>>>({
    onSuccess: () => {
      // The voucher is spent: the preview asked with it again would be refused (409) under the "Paid" screen.
      setVoucher('');
      refreshAfterAction(client, [shopKeys.all, ['wallet']], [shopKeys.previews]);
    },
  });
  // The preview checks the choices before paying; after paying, the result stands and nothing is checked again.
  const preview = useQuery({
    ...previewQuery(wallet, voucher),
    placeholderData: keepPreviousData,
    enabled: flow.outcome.state === 'form',
  });
  const address = addressId || preview.data?.addresses.find((a) => a.is_default)?.id || '';
  const choose = { setWallet, setDelivery, setAddressId, setVoucher, setAgree, setAgreeError };
  return { delivery, address, agree, agreeError, preview, flow, ...choose };
}

/** The cart, the choices, the totals and the agreement, paid with the transaction password. */
function CheckoutForm({ pv, checkout }: { pv: CheckoutPreview; checkout: Checkout }) {
  const { t } = useTranslation('shop');
  const { delivery, address, flow } = checkout;
  const needsAddress = delivery === 'ship' && !address;
  const pay = () => {
    if (!checkout.agree) {
      checkout.setAgreeError(true);
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
    <>
      <CartLines pv={pv} />
      <WalletChoice pv={pv} onChange={checkout.setWallet} />
      <DeliveryChoice delivery={delivery} onChange={checkout.setDelivery} />
      {delivery === 'ship' ? (
        <AddressChoice pv={pv} address={address} onChange={checkout.setAddressId} />
      ) : null}
      {pv.vouchers.length > 0 ? <VoucherChoice pv={pv} onChange={checkout.setVoucher} /> : null}
      <CheckoutTotals pv={pv} />
      <AgreeBox
        agree={checkout.agree}
        agreeError={checkout.agreeError}
        onChange={(v) => {
          checkout.setAgree(v);
          if (v) checkout.setAgreeError(false);
        }}
      />
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
    </>
  );
}
