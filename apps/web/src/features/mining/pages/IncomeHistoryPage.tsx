import type { incomeRecordSchema } from '@mp/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { fetchIncome, miningKeys } from '../api.ts';
import { formatDate } from '../../../lib/format.ts';

type Row = z.infer<typeof incomeRecordSchema>;

function DayRow({ r }: { r: Row }) {
  const { t } = useTranslation('mining');
  const id = `income-day-${r.date}-${r.asset}`;
  return (
    <article className="record-row" data-testid={id}>
      <div className="record-main">
        <span data-testid={`${id}-date`}>{formatDate(r.date)}</span>
        <Money value={r.amount} asset={r.asset} testId={`${id}-amount`} />
      </div>
      <div className="record-sub">
        <span>{t('ordersPaid', { count: r.count })}</span>
        <span>{t(`common:wallets.${r.wallet}`, { defaultValue: r.wallet })}</span>
      </div>
    </article>
  );
}

/** Mining income per day, newest first (`/pages/Mining/IncomeHistory`). */
export default function IncomeHistoryPage() {
  const { t } = useTranslation('mining');
  return (
    <PageLayout title={t('routes:/pages/Mining/IncomeHistory')} testId="income-history-page">
      <PagedList
        queryKey={miningKeys.income('day')}
        fetchPage={fetchIncome('day')}
        itemKey={(r) => `${r.date}-${r.asset}`}
        renderItem={(r) => <DayRow r={r} />}
        empty={<EmptyBlock text={t('noIncome')} testId="income-empty" />}
        testId="income-day-list"
      />
    </PageLayout>
  );
}
