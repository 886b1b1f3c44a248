import type { withdrawalSchema } from '@mp/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Money } from '../../../components/Money.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { fetchWithdrawals, withdrawKeys } from '../api.ts';

export type Withdrawal = z.infer<typeof withdrawalSchema>;

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation('withdraw');
  const id = `withdrawal-${w.id}`;
  return (
    <article className="record-row" data-testid={id} data-status={w.status}>
      <div className="record-main">
        <Money value={w.amount} asset={w.asset} testId={`${id}-amount`} />
        <span className={`record-status status-${w.status}`} data-testid={`${id}-status`}>
          {t(`status.${w.status}`)}
        </span>
      </div>
      <div className="record-sub">
        <span>
          {t('common:money.fee')} <Money value={w.fee} asset={w.asset} testId={`${id}-fee`} />
        </span>
        <span>
          {t('common:money.receive')} <Money value={w.receive} asset={w.asset} testId={`${id}-receive`} />
        </span>
      </div>
      <div className="record-sub">
        <span className="record-address" data-testid={`${id}-address`}>
          {w.address_type} {w.address}
        </span>
        <span data-testid={`${id}-time`}>{formatDateTime(w.created_at)}</span>
      </div>
      {w.status === 'rejected' && w.reason ? (
        <p className="field-error" data-testid={`${id}-reason`}>
          {t('reason', { reason: w.reason })}
        </p>
      ) : null}
    </article>
  );
}

/** The member's withdrawals, newest first, with their state and any rejection reason. */
export function WithdrawalList() {
  const { t } = useTranslation('withdraw');
  return (
    <PagedList<Withdrawal>
      queryKey={withdrawKeys.list}
      fetchPage={fetchWithdrawals}
      itemKey={(w) => w.id}
      renderItem={(w) => <WithdrawalRow w={w} />}
      empty={<EmptyBlock text={t('listEmpty')} testId="withdrawals-empty" />}
      testId="withdrawals-list"
    />
  );
}
