import { SHOP_ORDER_STATES, type ShopOrderState } from '@mp/contract';
import {
  adminProductList,
  adminProductSave,
  adminShopOrders,
  adminShopOrderUpdate,
  adminUpload,
} from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popup, SearchBar, Switch, Tabs, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/PageStates.tsx';
import { api, apiEnvelope } from '../../../lib/api.ts';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { showFieldErrors } from '../../../lib/validate.ts';
import '../shop.css';
import {
  TranslationFields,
  type TranslationValues,
  translationValues,
  translationsOf,
} from '../components/ProductTranslations.tsx';
import { formatAsset } from '../../../lib/money.ts';
import { OrderPin } from '../components/OrderPin.tsx';

type Action = 'pack' | 'ship' | 'deliver' | 'cancel';

/**
 * An item in the admin's language, with the default name the products list shows where it differs (after a slash:
 * names often hold brackets of their own).
 */
const itemText = (i: { name: string; default_name: string; quantity: number }) =>
  `${i.name}${i.default_name === i.name ? '' : ` / ${i.default_name}`} × ${i.quantity}`;
const NEXT: Record<ShopOrderState, Action[]> = {
  paid: ['pack', 'ship', 'cancel'],
  packed: ['ship', 'cancel'],
  shipped: ['deliver'],
  delivered: [],
  kept: [],
  cancelled: [],
};

/** The operator's shop (`/pages/admin/shop`): orders to pack, ship, deliver or cancel, and the products. */
export default function AdminShopPage() {
  const { t } = useTranslation('shop');
  return (
    <PageLayout title={t('routes:/pages/admin/shop')} testId="admin-shop-page">
      <Tabs defaultActiveKey="orders">
        <Tabs.Tab title={t('admin.orders')} key="orders">
          <Orders />
        </Tabs.Tab>
        <Tabs.Tab title={t('admin.products')} key="products">
          <Products />
        </Tabs.Tab>
      </Tabs>
    </PageLayout>
  );
}

function Orders() {
  const { t } = useTranslation('shop');
  const client = useQueryClient();
  const [state, setState] = useState<ShopOrderState | ''>('paid');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [shipping, setShipping] = useState<string | null>(null);
  const key = ['shop', 'admin-orders', state, q];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () =>
      api(adminShopOrders, { page: 1, pagesize: 50, ...(state ? { state } : {}), ...(q ? { q } : {}) }),
  });
  const act = async (orderId: string, action: Action, extra: Record<string, string> = {}) => {
    if (action === 'cancel' && !(await confirmDialog(t('admin.cancelConfirm')))) return;
    const res = await apiEnvelope(adminShopOrderUpdate, { order_id: orderId, action, ...extra }).catch(
      () => undefined,
    );
    if (res) showToast(res.msg);
    await client.invalidateQueries({ queryKey: ['shop'] });
    return res;
  };
  const options = [
    { key: '' as const, label: t('admin.allStates') },
    ...SHOP_ORDER_STATES.map((s) => ({ key: s, label: t(`states.${s}`) })),
  ];
  return (
    <div>
      <div className="shop-search">
        <SearchBar placeholder={t('admin.searchOrders')} value={search} onChange={setSearch} />
      </div>
      <FilterChips
        options={options}
        value={state}
        onChange={setState}
        label={t('admin.state')}
        testId="admin-order-states"
      />
      {!data ? (
        <LoadingBlock />
      ) : data.list.length === 0 ? (
        <EmptyBlock text={t('noOrders')} />
      ) : (
        data.list.map((o) => (
          <div className="shop-order" key={o.order_id} data-testid={`admin-order-${o.order_no}`}>
            <span className="shop-order-top">
              <strong>{o.order_no}</strong>
              <Tag>{t(`states.${o.state}`)}</Tag>
            </span>
            <span>
              {o.userid} · {o.items.map(itemText).join(t('itemsJoin'))} ·{' '}
              <Money value={o.total} asset={o.asset} />
            </span>
            {o.address ? (
              <span className="shop-hint">
                {o.address.name}, {o.address.phone}, {o.address.line1}, {o.address.postcode} {o.address.city},{' '}
                {o.address.country} <OrderPin address={o.address} orderNo={o.order_no} />
              </span>
            ) : null}
            {o.tracking_no ? (
              <span className="shop-hint">
                {t('tracking', { carrier: o.carrier, number: o.tracking_no })}
              </span>
            ) : null}
            <span className="address-actions">
              {NEXT[o.state].map((a) => (
                <Button
                  key={a}
                  size="mini"
                  color={a === 'cancel' ? 'danger' : 'primary'}
                  fill={a === 'cancel' ? 'outline' : 'solid'}
                  onClick={() => (a === 'ship' ? setShipping(o.order_id) : void act(o.order_id, a))}
                  data-testid={`admin-order-${a}-${o.order_no}`}
                >
                  {t(`admin.actions.${a}`)}
                </Button>
              ))}
            </span>
          </div>
        ))
      )}
      <Popup visible={shipping !== null} onMaskClick={() => setShipping(null)} bodyClassName="shop-sheet">
        {shipping ? (
          <ShipForm
            onSubmit={async (v) => {
              const res = await act(shipping, 'ship', v);
              if (res) setShipping(null);
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}

function ShipForm({
  onSubmit,
}: {
  onSubmit: (v: { carrier: string; tracking_no: string }) => Promise<void>;
}) {
  const { t } = useTranslation('shop');
  return (
    <Form
      onFinish={(v: { carrier: string; tracking_no: string }) => void onSubmit(v)}
      footer={
        <Button block type="submit" color="primary" data-testid="admin-ship-save">
          {t('admin.actions.ship')}
        </Button>
      }
    >
      <Form.Item
        name="carrier"
        label={t('admin.carrier')}
        rules={[{ required: true, message: t('admin.required') }]}
      >
        <Input id="ship-carrier" placeholder="J&T, Pos Laju, DHL" />
      </Form.Item>
      <Form.Item
        name="tracking_no"
        label={t('admin.trackingNo')}
        rules={[{ required: true, message: t('admin.required') }]}
      >
        <Input id="ship-tracking" />
      </Form.Item>
    </Form>
  );
}

type ProductValues = TranslationValues & {
  id?: string;
  name: string;
  description?: string;
  category?: string;
  price: string;
  dp_price?: string;
  stock: string;
  active: boolean;
  sort_order?: number;
  image_id?: string;
  image_url?: string;
};

function Products() {
  const { t } = useTranslation('shop');
  const client = useQueryClient();
  const [editing, setEditing] = useState<ProductValues | null>(null);
  const { data } = useQuery({
    queryKey: ['shop', 'admin-products'],
    queryFn: () => api(adminProductList, { page: 1, pagesize: 100 }),
  });
  return (
    <div>
      <div className="page-section">
        <Button
          block
          color="primary"
          onClick={() => setEditing({ name: '', price: '', stock: '0', active: true })}
          data-testid="admin-product-add"
        >
          {t('admin.addProduct')}
        </Button>
      </div>
      {!data ? (
        <LoadingBlock />
      ) : (
        data.list.map((p) => (
          <button
            type="button"
            className="shop-order"
            key={p.id}
            onClick={() =>
              setEditing({
                id: p.id,
                name: p.name,
                description: p.description,
                category: p.category,
                price: p.prices.find((x) => x.asset === 'USDT')?.price ?? p.price,
                dp_price: p.prices.find((x) => x.asset === 'DP')?.price ?? '',
                stock: String(p.stock),
                active: p.active,
                sort_order: p.sort_order,
                image_id: p.image_id,
                image_url: p.image_url,
                ...translationValues(p.translations),
              })
            }
            data-testid={`admin-product-${p.id}`}
          >
            <span className="shop-order-top">
              <strong>{p.name}</strong>
              {p.active ? <Tag color="success">{t('admin.onSale')}</Tag> : <Tag>{t('admin.offSale')}</Tag>}
            </span>
            <span className="shop-hint">
              {p.prices.map((x) => formatAsset(x.price, x.asset)).join(' / ')} ·{' '}
              {t('stockLeft', { count: p.stock })} · {t('admin.sold', { count: p.sold })}
            </span>
          </button>
        ))
      )}
      <Popup
        visible={editing !== null}
        onMaskClick={() => setEditing(null)}
        bodyClassName="shop-sheet"
        destroyOnClose
      >
        {editing ? (
          <ProductForm
            initial={editing}
            onSaved={async () => {
              setEditing(null);
              await client.invalidateQueries({ queryKey: ['shop'] });
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}

function ProductForm({ initial, onSaved }: { initial: ProductValues; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('shop');
  const [form] = Form.useForm<ProductValues>();
  const [busy, setBusy] = useState(false);
  const [picture, setPicture] = useState({ id: initial.image_id ?? '', url: initial.image_url ?? '' });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    // Checked by its content on the server (JPEG, PNG or WebP; metadata stripped).
    const u = await api(adminUpload, { kind: 'image', file: file as unknown as Uint8Array }).catch(
      () => undefined,
    );
    if (u) setPicture({ id: u.id, url: u.url });
  };
  const submit = async (v: ProductValues) => {
    setBusy(true);
    try {
      const res = await apiEnvelope(adminProductSave, {
        ...(initial.id ? { id: initial.id } : {}),
        name: v.name,
        description: v.description ?? '',
        category: v.category ?? '',
        price: v.price,
        asset: 'USDT',
        prices: v.dp_price ? [{ asset: 'DP', price: v.dp_price }] : [],
        stock: Number(v.stock),
        active: v.active,
        sort_order: initial.sort_order ?? 0,
        ...(picture.id ? { image_id: picture.id } : {}),
        translations: translationsOf(v),
      });
      showToast(res.msg);
      await onSaved();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      initialValues={initial}
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" loading={busy} data-testid="admin-product-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Item
        name="name"
        label={t('admin.name')}
        rules={[{ required: true, message: t('admin.required') }]}
      >
        <Input id="product-name" />
      </Form.Item>
      <Form.Item name="category" label={t('admin.category')}>
        <Input id="product-category" placeholder="health, beauty, home, food" />
      </Form.Item>
      <Form.Item
        name="price"
        label={t('admin.priceUsdt')}
        rules={[{ required: true, message: t('admin.required') }]}
      >
        <Input id="product-price" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="dp_price" label={t('admin.priceDp')}>
        <Input id="product-dp-price" inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="stock"
        label={t('admin.stock')}
        rules={[{ required: true, message: t('admin.required') }]}
      >
        <Input id="product-stock" inputMode="numeric" />
      </Form.Item>
      <Form.Item name="description" label={t('admin.description')}>
        <TextArea id="product-description" rows={3} />
      </Form.Item>
      <TranslationFields />
      <Form.Item label={t('admin.picture')}>
        <div className="address-map-row">
          {picture.url ? <img src={picture.url} alt="" className="admin-product-picture" /> : null}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => void upload(e.target.files?.[0])}
            data-testid="admin-product-picture"
          />
        </div>
      </Form.Item>
      <Form.Item name="active" label={t('admin.onSale')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
