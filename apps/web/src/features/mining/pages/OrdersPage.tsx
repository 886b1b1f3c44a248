import type { miningOrderSchema } from '@mp/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatAsset } from '../../../lib/money.ts';
import { fetchOrders, miningKeys } from '../api.ts';
import '../mining.css';
import { formatDate } from '../../../lib/format.ts';

type Order = z.infer<typeof miningOrderSchema>;
const STATE_COLOR = { pending: 'warning', mining: 'success', ended: 'default' } as const;

/** Beside what was paid: output and fees so far, and what the estimate says is still to come. */
function OrderEconomics({ o, id }: { o: Order; id: string }) {
  const { t } = useTranslation('mining');
  return (
    <section className="mining-economics" data-testid={`${id}-economics`}>
      <h4>{t('orderEconomics.title')}</h4>
      <dl>
        <dt>{t('paid')}</dt>
        <dd>
          <Money value={o.paid} asset={o.asset} />
        </dd>
        <dt>{t('orderEconomics.outputSoFar')}</dt>
        <dd>
          <Money value={o.output_so_far} asset={o.settle_asset} testId={`${id}-output-so-far`} />
        </dd>
        <dt>{t('orderEconomics.feesSoFar')}</dt>
        <dd>
          <Money value={o.fee_so_far} asset={o.settle_asset} testId={`${id}-fees-so-far`} />
        </dd>
        <dt>{t('orderEconomics.netSoFar')}</dt>
        <dd>
          <Money value={o.income_total} asset={o.settle_asset} testId={`${id}-net-so-far`} />
        </dd>
        <dt>{t('orderEconomics.toCome')}</dt>
        <dd>
          <Money value={o.net_to_come} asset={o.settle_asset} testId={`${id}-to-come`} />
        </dd>
      </dl>
      <p className="mining-estimate" data-testid={`${id}-to-come-detail`}>
        {t('orderEconomics.toComeDetail', {
          output: formatAsset(o.output_to_come, o.settle_asset),
          fees: formatAsset(o.fee_to_come, o.settle_asset),
        })}{' '}
        {t('economics.canFall')}
      </p>
    </section>
  );
}

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
          {t('orderNo')}
          {t('common:colon')}
          <strong>{o.order_no}</strong>
        </span>
        <span>
          {t('capacity')}
          {t('common:colon')}
          <strong>{o.capacity}</strong>
        </span>
        <span>
          {t('price')}
          {t('common:colon')}
          <Money value={o.price} asset={o.asset} />
        </span>
        <span>
          {t('paid')}
          {t('common:colon')}
          <Money value={o.paid} asset={o.asset} testId={`${id}-paid`} />
        </span>
        <span>
          {t('paymentMethod')}
          {t('common:colon')}
          {t(`common:wallets.${o.payment_method}`)}
        </span>
        <span>
          {t('voucher')}
          {t('common:colon')}
          {o.voucher_id ? <Money value={o.discount} asset={o.asset} /> : '—'}
        </span>
        <span>
          {t('miningPeriod')}
          {t('common:colon')}
          {formatDate(o.start_date)} – {formatDate(o.end_date)}
        </span>
        <span>
          {t('incomeSoFar')}
          {t('common:colon')}
          <Money value={o.income_total} asset={o.settle_asset} testId={`${id}-income`} />
        </span>
      </div>
      <OrderEconomics o={o} id={id} />
    </article>
  );
}

/**
 * The member's mining orders with their state (pending start, mining, ended) and, beside what was paid, the output
 * and fees so far and what the estimate says is still to come (Member/OrderHistory).
 */
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
