import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { fetchStockRecords, stockMenuQuery } from '../api.ts';
import '../shop.css';
import { When } from '../../../components/When.tsx';

type StockRecord = Awaited<ReturnType<ReturnType<typeof fetchStockRecords>>>['list'][number];

/** Every change of the member's stock (`/pages/Inventory/stock`), by kind and product. */
export default function StockRecordsPage() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const [kind, setKind] = useState('');
  const [product, setProduct] = useState(params.get('product_id') ?? '');
  const menu = useQuery(stockMenuQuery).data;
  return (
    <PageLayout title={t('routes:/pages/Inventory/stock')} testId="stock-records-page">
      <FilterChips
        options={[
          { key: '', label: t('allCategories') },
          ...(menu?.kinds ?? []).map((k) => ({ key: k, label: t(`inventory.kinds.${k}`) })),
        ]}
        value={kind}
        onChange={setKind}
        label={t('inventory.kind')}
        testId="stock-kinds"
      />
      {menu && menu.products.length > 1 ? (
        <div className="shop-search">
          <select
            id="stock-product"
            value={product}
            onChange={(e) => setProduct(e.target.value)}
            aria-label={t('inventory.product')}
          >
            <option value="">{t('inventory.allProducts')}</option>
            {menu.products.map((p) => (
              <option key={p.product_id} value={p.product_id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <PagedList<StockRecord>
        queryKey={['shop', 'stock-records', kind, product]}
        fetchPage={fetchStockRecords(product, kind)}
        itemKey={(r) => r.id}
        testId="stock-records"
        empty={<EmptyBlock text={t('inventory.noRecords')} />}
        renderItem={(r) => (
          <div className="shop-order" data-testid={`stock-record-${r.id}`}>
            <span className="shop-order-top">
              <strong>{t(`inventory.kinds.${r.kind}`)}</strong>
              <span className={r.kind === 'sent' || r.kind === 'redeemed' ? 'money-out' : 'money-in'}>
                {r.kind === 'sent' || r.kind === 'redeemed' ? '-' : '+'}
                {r.quantity}
              </span>
            </span>
            <span>
              {r.name}
              {r.counterparty
                ? ` · ${t(r.kind === 'sent' ? 'inventory.toWhom' : 'inventory.fromWhom', { userid: r.counterparty })}`
                : ''}
              {r.order_no ? ` · ${r.order_no}` : ''}
            </span>
            <span className="shop-order-top shop-hint">
              <When at={r.at} kind="relative" />
              <span>{t('inventory.after', { count: r.balance_after })}</span>
            </span>
          </div>
        )}
      />
    </PageLayout>
  );
}
