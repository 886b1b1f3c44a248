import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import type { ShopOrder } from '../api.ts';

/** What an order bought and what it cost: each item at its price, the voucher's discount, what was paid and from where. */
export function OrderSummary({ o }: { o: ShopOrder }) {
  const { t } = useTranslation('shop');
  return (
    <List header={t('detail.items')} data-testid="shop-order-summary">
      {o.items.map((i) => (
        <List.Item
          key={i.product_id}
          extra={
            <span>
              {i.quantity} × <Money value={i.unit_price} asset={o.asset} />
            </span>
          }
          data-testid={`shop-order-item-${i.product_id}`}
        >
          {i.name}
        </List.Item>
      ))}
      {Number(o.discount) > 0 ? (
        <List.Item extra={<Money value={`-${o.discount}`} asset={o.asset} testId="shop-order-discount" />}>
          {t('discount')}
        </List.Item>
      ) : null}
      <List.Item extra={<Money value={o.total} asset={o.asset} testId="shop-order-total" />}>
        {t('detail.paid')}
      </List.Item>
      <List.Item extra={t(`common:wallets.${o.wallet}`, { defaultValue: o.wallet })}>
        {t('detail.paidFrom')}
      </List.Item>
    </List>
  );
}
