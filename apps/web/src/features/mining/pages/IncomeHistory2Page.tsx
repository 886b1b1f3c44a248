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

function RecordRow({ r }: { r: Row }) {
  const { t } = useTranslation('mining');
  const id = `income-record-${r.transfer_id}`;
  return (
    <article className="record-row" data-testid={id}>
      <div className="record-main">
        <span>{r.package_name}</span>
        <Money value={r.amount} asset={r.asset} signed testId={`${id}-amount`} />
      </div>
      <div className="record-sub">
        <span data-testid={`${id}-date`}>{formatDate(r.date)}</span>
        <span data-testid={`${id}-order`}>
          {t('orderNo')}
          {t('common:colon')}
          {r.order_no}
        </span>
      </div>
    </article>
  );
}

/** Each mining payout, with its order and date (`/pages/Mining/IncomeHistory2`). */
export default function IncomeHistory2Page() {
  const { t } = useTranslation('mining');
  return (
    <PageLayout title={t('routes:/pages/Mining/IncomeHistory2')} testId="income-records-page">
      <PagedList
        queryKey={miningKeys.income('record')}
        fetchPage={fetchIncome('record')}
        itemKey={(r) => r.transfer_id}
        renderItem={(r) => <RecordRow r={r} />}
        empty={<EmptyBlock text={t('noIncome')} testId="income-empty" />}
        testId="income-record-list"
      />
    </PageLayout>
  );
}
