import type { miningPackageSchema } from '@mp/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Money } from '../../../components/Money.tsx';
import { packagePath } from '../paths.ts';
import { EconomicsSummary } from './EconomicsSummary.tsx';
import '../mining.css';

export type MiningPackage = z.infer<typeof miningPackageSchema>;

/**
 * A package on sale: price per unit, term, estimated daily profit and fee, stock, and its whole economics over the
 * term for one unit (with the below-price warning and the assumptions); opens its detail page.
 */
export function PackageCard({ p }: { p: MiningPackage }) {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const id = `mining-package-${p.id}`;
  return (
    <article className="mining-card" data-testid={id}>
      <h3>
        {p.name} <small>· {p.coin}</small>
      </h3>
      <div className="mining-card-facts">
        <span>
          {t('unitPrice')}
          {t('common:colon')}
          <span className="mining-per-unit">
            <Money value={p.unit_price} asset={p.price_asset} testId={`${id}-price`} /> / {p.capacity_unit}
          </span>
        </span>
        <span>
          {t('term')}
          {t('common:colon')}
          <strong>{t('days', { count: p.term_days })}</strong>
        </span>
        <span>
          {t('estimatedProfit')}
          {t('common:colon')}
          <Money value={p.daily_profit} asset={p.settle_asset} />
        </span>
        <span>
          {t('managementFee')}
          {t('common:colon')}
          <Money value={p.daily_fee} asset={p.settle_asset} />
        </span>
        <span>
          {t('minOrder')}
          {t('common:colon')}
          <strong>{p.min_quantity}</strong>
        </span>
        <span>
          {t('stock')}
          {t('common:colon')}
          <strong data-testid={`${id}-stock`}>{p.stock}</strong>
        </span>
      </div>
      <EconomicsSummary e={p.economics} assumptions={p} testId={`${id}-economics`} />
      <div className="mining-card-actions">
        <Button
          size="small"
          color="primary"
          disabled={p.stock < p.min_quantity}
          onClick={() => navigate(packagePath(p.id))}
          data-testid={`${id}-buy`}
        >
          {p.stock < p.min_quantity ? t('soldOut') : t('buy')}
        </Button>
      </div>
    </article>
  );
}
