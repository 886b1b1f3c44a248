import type { ResponseOf } from '@mp/contract';
import { type activatePreview, type getInfoB, MINING_PAYMENT_WALLETS } from '@mp/contract/web';
import { Button, Checkbox, List, Modal, Radio, Stepper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { OperationResult } from '../../../components/OperationResult.tsx';
import type { TxOutcome } from '../../../lib/useTxSubmit.ts';
import type { buyPackage } from '../api.ts';
import { MINING_PATHS } from '../paths.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

export type Package = ResponseOf<typeof getInfoB>;
export type Preview = ResponseOf<typeof activatePreview>;
export type Wallet = (typeof MINING_PAYMENT_WALLETS)[number];
type Bought = Awaited<ReturnType<typeof buyPackage>>;

/** The package's coin, price, term, estimated profit and fee, settlement wallet, minimum order and stock. */
export function PackageFacts({ p }: { p: Package }) {
  const { t } = useTranslation('mining');
  return (
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
      <List.Item extra={<Money value={p.daily_fee} asset={p.settle_asset} />}>{t('managementFee')}</List.Item>
      <List.Item extra={t(`common:wallets.${p.settle_wallet}`)}>{t('settlement')}</List.Item>
      <List.Item extra={p.min_quantity}>{t('minOrder')}</List.Item>
      <List.Item extra={<span data-testid="mining-stock">{p.stock}</span>}>{t('stock')}</List.Item>
    </List>
  );
}

/** The quantity (from the minimum order up to the stock) and the capacity it buys. */
export function OrderQuantity({
  p,
  qty,
  pv,
  onChange,
}: {
  p: Package;
  qty: number;
  pv: Preview | undefined;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation('mining');
  return (
    <List header={t('order')}>
      <List.Item
        extra={
          <Stepper
            min={p.min_quantity}
            max={Math.max(p.stock, p.min_quantity)}
            digits={0}
            value={qty}
            onChange={(v) => onChange(v)}
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
  );
}

/** No voucher, or one of the member's vouchers that apply (with its discount and expiry). */
export function VoucherChoice({
  voucher,
  vouchers,
  onChange,
}: {
  voucher: string;
  vouchers: Preview['vouchers'];
  onChange: (voucher: string) => void;
}) {
  const { t } = useTranslation('mining');
  return (
    <List header={t('voucher')} data-testid="mining-vouchers">
      <Radio.Group value={voucher} onChange={(v) => onChange(String(v))}>
        <List.Item>
          <Radio value="" data-testid="mining-voucher-none">
            {t('noVoucher')}
          </Radio>
        </List.Item>
        {vouchers.map((v) => (
          <List.Item key={v.id} description={t('expires', { date: formatDateTime(v.expires_at) })}>
            <Radio value={v.id} data-testid={`mining-voucher-${v.id}`}>
              {t('voucherOff', { percent: v.discount_percent })}
            </Radio>
          </List.Item>
        ))}
      </Radio.Group>
    </List>
  );
}

/** The wallet to pay from, each with what it holds (0 until the preview has answered). */
export function WalletChoice({
  chosen,
  pv,
  onChange,
}: {
  chosen: Wallet;
  pv: Preview | undefined;
  onChange: (wallet: Wallet) => void;
}) {
  const { t } = useTranslation('mining');
  return (
    <List header={t('paymentMethod')} data-testid="mining-wallets">
      <Radio.Group value={chosen} onChange={(v) => onChange(v as Wallet)}>
        {(pv?.wallets ?? MINING_PAYMENT_WALLETS.map((w) => ({ wallet: w, available: '0' }))).map((w) => (
          <List.Item key={w.wallet} extra={<Money value={w.available} asset={pv?.asset ?? 'USDT'} />}>
            <Radio value={w.wallet} data-testid={`mining-wallet-${w.wallet}`}>
              {t(`common:wallets.${w.wallet}`)}
            </Radio>
          </List.Item>
        ))}
      </Radio.Group>
    </List>
  );
}

/** The server's preview of the order: price, discount, amount to pay, daily income and mining period. */
export function PreviewSummary({ p, pv }: { p: Package; pv: Preview | undefined }) {
  const { t } = useTranslation('mining');
  return (
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
        extra={
          <span data-testid="mining-dates">
            {pv ? `${formatDate(pv.start_date)} – ${formatDate(pv.end_date)}` : '—'}
          </span>
        }
      >
        {t('miningPeriod')}
      </List.Item>
    </List>
  );
}

/** The agreement's checkbox, a way to read it (texts: the route loads 'content'), and the message when paying without it. */
export function AgreeBox({
  agree,
  agreeError,
  onChange,
}: {
  agree: boolean;
  agreeError: boolean;
  onChange: (agree: boolean) => void;
}) {
  const { t } = useTranslation('mining');
  return (
    <div className="mining-agree">
      <Checkbox checked={agree} onChange={onChange} data-testid="mining-agree">
        {t('agree')}
      </Checkbox>{' '}
      <button
        type="button"
        className="link-button"
        onClick={() =>
          Modal.alert({
            title: t('content:agreements.miningTitle'),
            content: t('content:agreements.mining'),
            confirmText: t('common:txSheet.close'),
          })
        }
        data-testid="mining-agreement"
      >
        {t('content:agreements.read')}
      </button>
      {agreeError ? (
        <div className="field-error" data-testid="mining-agree-error">
          {t('agreeRequired')}
        </div>
      ) : null}
    </div>
  );
}

/** The purchase's outcome: the order bought (with a way to the orders), or why it failed (back to the form). */
export function PurchaseResult({
  outcome,
  onBack,
}: {
  outcome: Exclude<TxOutcome<Bought>, { state: 'form' }>;
  onBack: () => void;
}) {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  if (outcome.state !== 'success')
    return (
      <OperationResult
        testId="mining-result"
        status="error"
        title={t('purchaseFailed')}
        description={outcome.message}
        actions={
          <Button block color="primary" onClick={onBack} data-testid="mining-back">
            {t('backToEdit')}
          </Button>
        }
      />
    );
  const r = outcome.result;
  return (
    <OperationResult
      testId="mining-result"
      status="success"
      title={t('purchased')}
      details={[
        { label: t('orderNo'), value: r.order_no, testId: 'mining-result-order' },
        { label: t('capacity'), value: r.capacity, testId: 'mining-result-capacity' },
        {
          label: t('price'),
          value: <Money value={r.price} asset={r.asset} exact />,
          testId: 'mining-result-price',
        },
        {
          label: t('discount'),
          value: <Money value={r.discount} asset={r.asset} exact />,
          testId: 'mining-result-discount',
        },
        {
          label: t('paid'),
          value: <Money value={r.paid} asset={r.asset} exact />,
          testId: 'mining-result-paid',
        },
        {
          label: t('paymentMethod'),
          value: t(`common:wallets.${r.payment_method}`),
          testId: 'mining-result-wallet',
        },
        { label: t('startDate'), value: formatDate(r.start_date), testId: 'mining-result-start' },
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
  );
}
