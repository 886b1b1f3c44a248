import { BONUS_TYPES } from '@mp/contract/web';
import type { BonusType, bonusRecordSchema } from '@mp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { type BonusFilter, bonusKeys, fetchBonusRecords } from '../bonus-api.ts';
import { BonusSource } from '../components/BonusSource.tsx';
import { BonusSummary } from '../components/BonusSummary.tsx';
import { When } from '../../../components/When.tsx';

type BonusRecord = z.infer<typeof bonusRecordSchema>;
type TypeKey = 'all' | BonusType;

function BonusRow({ r }: { r: BonusRecord }) {
  const { t } = useTranslation('bonus');
  const id = `bonus-record-${r.id}`;
  return (
    <article className="record-row" data-testid={id} data-type={r.type}>
      <div className="record-main">
        <span className="record-type" data-testid={`${id}-type`}>
          {t(`types.${r.type}`, { defaultValue: r.type })}
        </span>
        <Money value={r.amount} asset={r.asset} signed testId={`${id}-amount`} />
      </div>
      <div className="record-sub">
        <When at={r.created_at} kind="relative" testId={`${id}-time`} />
        {r.type === 'pairing' ? null : (
          <BonusSource type={r.type} sourceUserid={r.source_userid} details={r.details} testId={id} />
        )}
      </div>
      {r.type === 'pairing' ? (
        <BonusSource type={r.type} sourceUserid={r.source_userid} details={r.details} testId={id} />
      ) : null}
    </article>
  );
}

/** Bonus summary and records with type and date-range filters (Asset/searchBonusrecord). */
export default function BonusPage() {
  const { t } = useTranslation('bonus');
  const [type, setType] = useState<TypeKey>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: BonusFilter = {
    ...(type === 'all' ? {} : { type }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const options = [
    { key: 'all' as TypeKey, label: t('all') },
    ...BONUS_TYPES.map((b) => ({ key: b as TypeKey, label: t(`types.${b}`) })),
  ];
  return (
    <PageLayout title={t('title')} testId="bonus-page">
      <BonusSummary />
      <h2 className="section-title">{t('records')}</h2>
      <FilterChips
        options={options}
        value={type}
        onChange={setType}
        label={t('filterType')}
        testId="bonus-filter-type"
      />
      <div className="date-range" data-testid="bonus-dates">
        <label htmlFor="bonus-from">
          {t('dateFrom')}
          <input
            id="bonus-from"
            data-testid="bonus-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label htmlFor="bonus-to">
          {t('dateTo')}
          <input
            id="bonus-to"
            data-testid="bonus-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        {from || to ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
            data-testid="bonus-dates-clear"
          >
            {t('clearDates')}
          </button>
        ) : null}
      </div>
      <PagedList<BonusRecord>
        key={JSON.stringify(filter)}
        queryKey={bonusKeys.records(filter)}
        fetchPage={(page, pagesize) => fetchBonusRecords(filter, page, pagesize)}
        itemKey={(r) => r.id}
        renderItem={(r) => <BonusRow r={r} />}
        empty={<EmptyBlock text={t('empty')} testId="bonus-empty" />}
        testId="bonus-list"
      />
    </PageLayout>
  );
}
