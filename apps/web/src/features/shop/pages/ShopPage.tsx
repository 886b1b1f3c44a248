import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popup, SearchBar, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { getToken } from '../../../lib/session.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import {
  cartQuery,
  categoriesQuery,
  type Product,
  productQuery,
  productsQuery,
  SHOP_PATHS,
  setCartQuantity,
  shopKeys,
} from '../api.ts';
import { Prices, ProductPicture } from '../components/ProductBits.tsx';
import '../shop.css';

/** The shop (`/pages/shop/shop`): products by category or search, a product's detail, and adding it to the cart. */
export default function ShopPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [open, setOpen] = useState<Product | null>(null);
  const loggedIn = Boolean(getToken());
  const products = useQuery(productsQuery(category, q));
  const categories = useQuery(categoriesQuery).data?.list ?? [];
  const cart = useQuery({ ...cartQuery, enabled: loggedIn }).data;
  const options = [
    { key: '', label: t('allCategories') },
    ...categories.map((c) => ({
      key: c.category,
      label: t(`categories.${c.category}`, { defaultValue: c.category }),
    })),
  ];
  return (
    <PageLayout
      title={t('routes:/pages/shop/shop')}
      back={false}
      testId="shop-page"
      right={
        loggedIn ? (
          <button
            type="button"
            className="shop-cart-button"
            onClick={() => navigate(SHOP_PATHS.cart)}
            aria-label={t('cart')}
            data-testid="shop-cart-link"
          >
            <Badge content={cart?.count ? cart.count : null}>{t('cart')}</Badge>
          </button>
        ) : null
      }
    >
      <div className="shop-search">
        <SearchBar placeholder={t('search')} value={search} onChange={setSearch} aria-label={t('search')} />
      </div>
      <FilterChips
        options={options}
        value={category}
        onChange={setCategory}
        label={t('categoryLabel')}
        testId="shop-categories"
      />
      {products.isPending ? (
        <LoadingBlock />
      ) : products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} />
      ) : products.data.list.length === 0 ? (
        <EmptyBlock text={t('noProducts')} testId="shop-empty" />
      ) : (
        <div className="shop-grid" data-testid="shop-products">
          {products.data.list.map((p) => (
            <button
              type="button"
              key={p.id}
              className="shop-card"
              onClick={() => setOpen(p)}
              data-testid={`shop-product-${p.id}`}
            >
              <ProductPicture url={p.image_url} name={p.name} />
              <span className="shop-name">{p.name}</span>
              <Prices prices={p.prices} />
              <span className="shop-stock">
                {p.stock > 0 ? t('stockLeft', { count: p.stock }) : t('soldOut')}
              </span>
            </button>
          ))}
        </div>
      )}
      <div className="shop-links">
        {loggedIn ? (
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(SHOP_PATHS.orders)}
            data-testid="shop-orders-link"
          >
            {t('myOrders')}
          </button>
        ) : null}
        {loggedIn ? (
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(SHOP_PATHS.inventory)}
            data-testid="shop-inventory-link"
          >
            {t('routes:/pages/Inventory/Inventory')}
          </button>
        ) : null}
      </div>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="shop-sheet"
      >
        {open ? <ProductSheet product={open} loggedIn={loggedIn} onDone={() => setOpen(null)} /> : null}
      </Popup>
    </PageLayout>
  );
}

function ProductSheet({
  product,
  loggedIn,
  onDone,
}: {
  product: Product;
  loggedIn: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useQuery(productQuery(product.id)).data;
  const inCart = useQuery({ ...cartQuery, enabled: loggedIn }).data?.list.find(
    (l) => l.product_id === product.id,
  );
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const stock = detail?.stock ?? product.stock;
  const add = async () => {
    if (!loggedIn) {
      navigate('/pages/login/login');
      return;
    }
    setBusy(true);
    try {
      const res = await setCartQuantity(product.id, (inCart?.quantity ?? 0) + quantity);
      showToast(res.msg);
      client.setQueryData(shopKeys.cart, res.data);
      onDone();
    } catch {
      // the refusal was shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="shop-product-sheet">
      <ProductPicture url={product.image_url} name={product.name} large />
      <h2 className="shop-sheet-title">{product.name}</h2>
      <Prices prices={product.prices} />
      <p className="shop-description" data-testid="shop-product-description">
        {detail?.description ?? ''}
      </p>
      <div className="shop-sheet-row">
        <span>{stock > 0 ? t('stockLeft', { count: stock }) : t('soldOut')}</span>
        <Stepper
          min={1}
          max={Math.max(1, stock - (inCart?.quantity ?? 0))}
          digits={0}
          value={quantity}
          onChange={(v) => setQuantity(v)}
          data-testid="shop-quantity"
        />
      </div>
      {inCart ? <p className="shop-hint">{t('inCart', { count: inCart.quantity })}</p> : null}
      <Button
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={stock <= (inCart?.quantity ?? 0)}
        onClick={() => void add()}
        data-testid="shop-add"
      >
        {t('addToCart')}
      </Button>
    </div>
  );
}
