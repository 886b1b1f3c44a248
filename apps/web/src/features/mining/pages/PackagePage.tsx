import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { TxPasswordSheet } from '../../../components/TxPasswordSheet.tsx';
import { refreshAfterAction } from '../../../lib/refreshAfterAction.ts';
import { useTxSubmit } from '../../../lib/useTxSubmit.ts';
import { buyPackage, miningKeys, packageQuery, previewQuery } from '../api.ts';
import { EconomicsSummary, useBelowPriceText } from '../components/EconomicsSummary.tsx';
import {
  AgreeBox,
  OrderQuantity,
  type Package,
  PackageFacts,
  type Preview,
  PreviewSummary,
  PurchaseResult,
  VoucherChoice,
  type Wallet,
  WalletChoice,
} from '../components/PackagePurchase.tsx';
import { MINING_PATHS } from '../paths.ts';
import '../mining.css';

type Order = ReturnType<typeof useOrder>;

/** A package's detail and its purchase: quantity, voucher, payment wallet, agreement, transaction password. */
export default function PackagePage() {
  const { t } = useTranslation('mining');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const pkg = useQuery({ ...packageQuery(id), enabled: id !== '' });
  const order = useOrder(id, pkg.data, pkg.isSuccess);

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
  const { outcome } = order.flow;
  return (
    <PageLayout title={t('packageDetail')} testId="mining-package-page">
      {outcome.state !== 'form' ? (
        <PurchaseResult outcome={outcome} onBack={order.flow.backToForm} />
      ) : (
        <PurchaseForm p={pkg.data} order={order} />
      )}
    </PageLayout>
  );
}

/**
 * The order being put together (quantity: the package's minimum until changed; the wallet: the one the server
 * suggests until chosen), its preview from the server once the package is known, and the purchase flow.
 */
function useOrder(id: string, p: Package | undefined, known: boolean) {
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState<number | null>(null);
  const [voucher, setVoucher] = useState('');
  const [wallet, setWallet] = useState<Wallet | undefined>(undefined);
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const qty = quantity ?? p?.min_quantity ?? 1;
  const flow = useTxSubmit<Awaited<ReturnType<typeof buyPackage>>>({
    onSuccess: () => {
      // The voucher is spent: the preview asked with it again would be refused (409) under the result.
      setVoucher('');
      refreshAfterAction(queryClient, [miningKeys.all, ['wallet']], [miningKeys.previews]);
    },
  });
  // The preview checks the order before paying; after paying, the result stands and nothing is checked again.
  const preview = useQuery({
    ...previewQuery({
      package_id: id,
      quantity: qty,
      ...(voucher ? { voucher_id: voucher } : {}),
      ...(wallet ? { wallet } : {}),
    }),
    enabled: known && flow.outcome.state === 'form',
    placeholderData: keepPreviousData,
  });
  const chosenWallet = wallet ?? (preview.data?.wallet as Wallet | undefined) ?? 'funds';
  const choose = { setQuantity, setVoucher, setWallet, setAgree, setAgreeError };
  return { qty, voucher, chosenWallet, agree, agreeError, preview, flow, ...choose };
}

/** The package's facts and the order form, paid after the agreement with the transaction password. */
function PurchaseForm({ p, order }: { p: Package; order: Order }) {
  const { t } = useTranslation('mining');
  const { qty, voucher, chosenWallet, preview, flow } = order;
  const pv = preview.data;
  const kycApproved = p.kyc_state === 'approved';

  const pay = () => {
    if (!order.agree) {
      order.setAgreeError(true);
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
    <>
      {!kycApproved ? <KycBanner /> : null}
      <PackageFacts p={p} />
      <OrderQuantity p={p} qty={qty} pv={pv} onChange={order.setQuantity} />
      <VoucherChoice voucher={voucher} vouchers={pv?.vouchers ?? []} onChange={order.setVoucher} />
      <WalletChoice chosen={chosenWallet} pv={pv} onChange={order.setWallet} />
      <PreviewSummary p={p} pv={pv} />
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
      <AgreeBox
        agree={order.agree}
        agreeError={order.agreeError}
        onChange={(v) => {
          order.setAgree(v);
          if (v) order.setAgreeError(false);
        }}
      />
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
      <TxPasswordSheet {...flow.sheet} testId="mining-sheet" summary={pv ? <SheetSummary pv={pv} /> : null} />
    </>
  );
}

function KycBanner() {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  return (
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
  );
}

/** What the sheet confirms: the capacity and the amount, and a warning when mining is expected to return less. */
function SheetSummary({ pv }: { pv: Preview }) {
  const { t } = useTranslation('mining');
  const belowPriceText = useBelowPriceText();
  return (
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
  );
}
