import { BONUS_TYPES } from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { bonusSummaryQuery } from '../bonus-api.ts';

/** Bonus paid so far: all time and today, and per type (sponsor, pairing, level); zero before any payout. */
export function BonusSummary() {
  const { t } = useTranslation('bonus');
  const summary = useQuery(bonusSummaryQuery);
  if (summary.isPending) return <LoadingBlock testId="bonus-summary-loading" />;
  if (summary.isError)
    return <LoadFailed onRetry={() => void summary.refetch()} testId="bonus-summary-error" />;
  const s = summary.data;
  return (
    <section className="bonus-summary" data-testid="bonus-summary">
      <div className="wallet-total">
        <span>{t('total')}</span>
        <strong>
          <Money value={s.total} asset="USDT" testId="bonus-summary-total" />
        </strong>
        <span>
          {t('today')}
          {t('common:colon')}
          <Money value={s.today} asset="USDT" testId="bonus-summary-today" />
        </span>
      </div>
      <div className="bonus-types">
        {BONUS_TYPES.map((type) => {
          const row = s.list.find((r) => r.type === type) ?? { type, total: '0', today: '0', month: '0' };
          const id = `bonus-type-${type}`;
          return (
            <dl key={type} className="bonus-type" data-testid={id}>
              <dt>{t(`types.${type}`)}</dt>
              <dd>
                <Money value={row.total} asset="USDT" testId={`${id}-total`} />
              </dd>
              <dd className="field-hint">
                {t('month')}
                {t('common:colon')}
                <Money value={row.month} asset="USDT" testId={`${id}-month`} />
              </dd>
              <dd className="field-hint">
                {t('today')}
                {t('common:colon')}
                <Money value={row.today} asset="USDT" testId={`${id}-today`} />
              </dd>
            </dl>
          );
        })}
      </div>
    </section>
  );
}
