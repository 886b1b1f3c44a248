import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';

/** A product's picture, or its initial on a tinted square when it has none (never a broken image). */
export function ProductPicture({ url, name, large = false }: { url: string; name: string; large?: boolean }) {
  const cls = large ? 'shop-picture shop-picture-large' : 'shop-picture';
  if (url) return <img className={cls} src={url} alt={name} loading="lazy" />;
  return (
    <span className={`${cls} shop-picture-none`} aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Every price of a product, the first one large: "30 USDT · or 60 DP". */
export function Prices({ prices }: { prices: { asset: string; price: string }[] }) {
  const { t } = useTranslation('shop');
  const [first, ...rest] = prices;
  if (!first) return null;
  return (
    <span className="shop-prices">
      <strong>
        <Money value={first.price} asset={first.asset} />
      </strong>
      {rest.map((p) => (
        <span key={p.asset} className="shop-price-alt">
          {' '}
          {t('or')} <Money value={p.price} asset={p.asset} />
        </span>
      ))}
    </span>
  );
}
