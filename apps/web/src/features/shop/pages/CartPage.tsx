import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Stepper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { cartQuery, SHOP_PATHS, setCartQuantity, shopKeys } from '../api.ts';
import { Prices, ProductPicture } from '../components/ProductBits.tsx';
import '../shop.css';

/** The cart (`/pages/shop/cart`): each line's quantity (0 removes it), the totals, and the way to checkout. */
export default function CartPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const client = useQueryClient();
  const cart = useQuery(cartQuery);
  const change = async (productId: string, quantity: number) => {
    const res = await setCartQuantity(productId, quantity).catch(() => undefined);
    if (res) client.setQueryData(shopKeys.cart, res.data);
    else await client.invalidateQueries({ queryKey: shopKeys.cart });
  };
  const data = cart.data;
  return (
    <PageLayout title={t('cart')} testId="cart-page">
      {cart.isPending ? (
        <LoadingBlock />
      ) : !data ? (
        <LoadFailed onRetry={() => void cart.refetch()} />
      ) : data.list.length === 0 ? (
        <>
          <EmptyBlock text={t('cartEmpty')} testId="cart-empty" />
          <div className="page-section">
            <Button block onClick={() => navigate(SHOP_PATHS.shop)}>
              {t('keepShopping')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <ul className="cart-lines" data-testid="cart-lines">
            {data.list.map((l) => (
              <li key={l.product_id} data-testid={`cart-line-${l.product_id}`}>
                <ProductPicture url={l.image_url} name={l.name} />
                <div className="cart-line-body">
                  <span className="shop-name">{l.name}</span>
                  <Prices prices={l.prices} />
                  {!l.available ? (
                    <span className="field-error">{t('notAvailable', { count: l.stock })}</span>
                  ) : null}
                </div>
                <div className="cart-line-actions">
                  <Stepper
                    min={1}
                    max={Math.max(1, l.stock)}
                    digits={0}
                    value={l.quantity}
                    onChange={(v) => void change(l.product_id, v)}
                    data-testid={`cart-quantity-${l.product_id}`}
                  />
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void change(l.product_id, 0)}
                    data-testid={`cart-remove-${l.product_id}`}
                  >
                    {t('remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <section className="cart-totals" data-testid="cart-totals">
            <span>{t('total', { count: data.count })}</span>
            <span>
              {data.totals.length === 0
                ? t('noCommonPrice')
                : data.totals.map((x, i) => (
                    <span key={x.asset}>
                      {i > 0 ? ` ${t('or')} ` : ''}
                      <Money value={x.price} asset={x.asset} />
                    </span>
                  ))}
            </span>
          </section>
          <div className="page-section">
            <Button
              block
              color="primary"
              size="large"
              disabled={data.list.some((l) => !l.available)}
              onClick={() => navigate(SHOP_PATHS.checkout)}
              data-testid="cart-checkout"
            >
              {t('checkout')}
            </Button>
          </div>
        </>
      )}
    </PageLayout>
  );
}
