import type { MiningEconomicsWire } from '@mp/contract/web';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { formatAsset } from '../../../lib/money.ts';
import { formatDate } from '../../../lib/format.ts';

/** What the estimate rests on, as a package states it ('' fields: not stated). */
export type Assumptions = {
  coin: string;
  capacity_unit: string;
  coin_price: string;
  output_per_unit: string;
  assumptions_set_at: string;
  assumptions_note: string;
};

/** The sentence a below-price estimate shows (also the admin editor's confirm before saving). */
export function useBelowPriceText() {
  const { t } = useTranslation('mining');
  return (e: MiningEconomicsWire) =>
    t('economics.belowPrice', {
      net: formatAsset(e.shown.total_net, e.asset),
      price: formatAsset(e.shown.price, e.price_asset),
      days: t('days', { count: e.term_days }),
    });
}

/**
 * A package's or an order's whole economics before a member pays: output, fees and net over the term, the share of
 * the price that comes back, a plain warning when the net is below the price, the assumptions and the warning that
 * the estimate can fall. `testId` prefixes every figure's test id.
 */
export function EconomicsSummary({
  e,
  assumptions,
  testId,
  block = false,
}: {
  e: MiningEconomicsWire;
  assumptions: Assumptions;
  testId: string;
  /** A block of its own on a page (with the page's margins), not inside a card. */
  block?: boolean;
}) {
  const { t } = useTranslation('mining');
  const belowPriceText = useBelowPriceText();
  const days = t('days', { count: e.term_days });
  const a = assumptions;
  return (
    <section
      className={block ? 'mining-economics mining-economics-block' : 'mining-economics'}
      data-testid={testId}
      data-below-price={e.below_price}
    >
      <h4>{t('economics.title', { days })}</h4>
      <dl>
        <dt>{t('economics.totalOutput')}</dt>
        <dd>
          <Money value={e.total_output} asset={e.asset} testId={`${testId}-output`} />
        </dd>
        <dt>{t('economics.totalFees')}</dt>
        <dd>
          <Money value={e.total_fee} asset={e.asset} testId={`${testId}-fees`} />
        </dd>
        <dt>{t('economics.net')}</dt>
        <dd>
          <Money value={e.total_net} asset={e.asset} testId={`${testId}-net`} />
        </dd>
        <dt>{t('economics.price')}</dt>
        <dd>
          <Money value={e.price} asset={e.price_asset} testId={`${testId}-price`} />
        </dd>
      </dl>
      <p data-testid={`${testId}-return`}>
        {e.comparable
          ? t('economics.returns', { percent: e.return_percent, days })
          : t('economics.notComparable', { asset: e.asset, priceAsset: e.price_asset })}
      </p>
      {e.below_price ? (
        <p className="mining-warning" role="alert" data-testid={`${testId}-warning`}>
          {belowPriceText(e)}
        </p>
      ) : null}
      {e.rounded ? (
        <p className="mining-estimate" data-testid={`${testId}-rounded`}>
          {t('economics.rounded')}
        </p>
      ) : null}
      {/* The coin's output per unit is tiny ('0.0000008 BTC') and shown as set: marked exact for the figures check. */}
      <p className="mining-estimate" data-testid={`${testId}-assumptions`} data-exact>
        {a.coin_price && a.output_per_unit
          ? t('economics.assumptions', {
              coin: a.coin,
              price: formatAsset(a.coin_price, e.asset),
              output: a.output_per_unit,
              unit: a.capacity_unit,
              date: formatDate(a.assumptions_set_at),
            })
          : t('economics.noAssumptions')}
        {a.assumptions_note ? ` ${a.assumptions_note}` : ''}
      </p>
      <p className="mining-estimate" data-testid={`${testId}-can-fall`}>
        {t('economics.canFall')}
      </p>
    </section>
  );
}
