import type { miningOrderSchema } from '@mp/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { fetchOrders, miningKeys } from '../api.ts';
import '../mining.css';

type Order = z.infer<typeof miningOrderSchema>;
const STATE_COLOR = { pending: 'warning', mining: 'success', ended: 'default' } as const;

function OrderCard({ o }: { o: Order }) {
  const { t } = useTranslation('mining');
  const id = `mining-order-${o.order_no}`;
  return (
    <article className="mining-card" data-testid={id} data-state={o.state}>
      <h3>
        {o.package_name}{' '}
        <Tag color={STATE_COLOR[o.state]} data-testid={`${id}-state`}>
          {t(`states.${o.state}`)}
        </Tag>
      </h3>
      <div className="mining-card-facts">
        <span>
          {t('orderNo')}: <strong>{o.order_no}</strong>
        </span>
        <span>
          {t('capacity')}: <strong>{o.capacity}</strong>
        </span>
        <span>
          {t('price')}: <Money value={o.price} asset={o.asset} />
        </span>
        <span>
          {t('paid')}: <Money value={o.paid} asset={o.asset} testId={`${id}-paid`} />
        </span>
        <span>
          {t('paymentMethod')}: {t(`common:wallets.${o.payment_method}`)}
        </span>
        <span>
          {t('voucher')}: {o.voucher_id ? <Money value={o.discount} asset={o.asset} /> : '—'}
        </span>
        <span>
          {t('miningPeriod')}: {o.start_date} – {o.end_date}
        </span>
        <span>
          {t('incomeSoFar')}: <Money value={o.income_total} asset={o.settle_asset} testId={`${id}-income`} />
        </span>
      </div>
    </article>
  );
}

/** The member's mining orders with their state (pending start, mining, ended) (Member/OrderHistory). */
export default function OrdersPage() {
  const { t } = useTranslation('mining');
  return (
    <PageLayout title={t('links.orders')} testId="mining-orders-page">
      <PagedList
        queryKey={miningKeys.orders}
        fetchPage={fetchOrders}
        itemKey={(o) => o.id}
        renderItem={(o) => <OrderCard o={o} />}
        empty={<EmptyBlock text={t('noOrders')} testId="mining-orders-empty" />}
        testId="mining-order-list"
      />
    </PageLayout>
  );
}
