import { useQuery } from '@tanstack/react-query';
import { Popup, Steps, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { deliverQuery, fetchOrders, type ShopOrder, shopKeys } from '../api.ts';
import { OrderSummary } from '../components/OrderSummary.tsx';
import '../shop.css';
import { formatDateTime } from '../../../lib/format.ts';
import { When } from '../../../components/When.tsx';

const STATE_COLOR = {
  paid: 'warning',
  packed: 'primary',
  shipped: 'primary',
  delivered: 'success',
  kept: 'success',
  cancelled: 'default',
} as const;

/** The member's shop orders (`/pages/shop/orders`); an order opens its delivery timeline (Member/getdeliver). */
export default function ShopOrdersPage() {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <PageLayout title={t('myOrders')} testId="shop-orders-page">
      <PagedList<ShopOrder>
        queryKey={[...shopKeys.all, 'orders']}
        fetchPage={fetchOrders}
        itemKey={(o) => o.order_id}
        testId="shop-orders"
        empty={<EmptyBlock text={t('noOrders')} testId="shop-orders-empty" />}
        renderItem={(o) => (
          <button
            type="button"
            className="shop-order"
            onClick={() => setOpen(o.order_id)}
            data-testid={`shop-order-${o.order_no}`}
          >
            <span className="shop-order-top">
              <strong>{o.order_no}</strong>
              <Tag color={STATE_COLOR[o.state]}>{t(`states.${o.state}`)}</Tag>
            </span>
            <span>{o.items.map((i) => `${i.name} × ${i.quantity}`).join(t('itemsJoin'))}</span>
            <span className="shop-order-top">
              <When at={o.created_at} kind="relative" />
              <Money value={o.total} asset={o.asset} />
            </span>
          </button>
        )}
      />
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="shop-sheet"
      >
        {open ? <Timeline orderId={open} /> : null}
      </Popup>
    </PageLayout>
  );
}

function Timeline({ orderId }: { orderId: string }) {
  const { t } = useTranslation('shop');
  const { data } = useQuery(deliverQuery(orderId));
  if (!data) return <LoadingBlock />;
  const o = data.order;
  return (
    <div data-testid="shop-timeline">
      <h2 className="shop-sheet-title">{o.order_no}</h2>
      {o.address ? (
        <p className="shop-hint">
          {t('shipTo')}
          {t('common:colon')}
          {o.address.name}, {o.address.line1}, {o.address.postcode} {o.address.city}, {o.address.country}
        </p>
      ) : (
        <p className="shop-hint">{t('deliveryHint.keep')}</p>
      )}
      <OrderSummary o={o} />
      {o.tracking_no ? (
        <p className="shop-hint" data-testid="shop-tracking">
          {t('tracking', { carrier: o.carrier, number: o.tracking_no })}
        </p>
      ) : null}
      <Steps direction="vertical" current={data.events.length - 1}>
        {data.events.map((e) => (
          <Steps.Step
            key={`${e.state}-${e.at}`}
            title={t(`states.${e.state}`, { defaultValue: e.state })}
            description={`${formatDateTime(e.at)}${e.note ? ` · ${e.note}` : ''}`}
          />
        ))}
      </Steps>
    </div>
  );
}
