import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import {
  refreshWhilePaying,
  type Withdrawal,
  WithdrawalRecord,
} from '../../../components/WithdrawalRecord.tsx';
import { fetchWithdrawals, withdrawKeys } from '../api.ts';

export type { Withdrawal };

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation('withdraw');
  const id = `withdrawal-${w.id}`;
  return (
    <WithdrawalRecord
      w={w}
      testId={id}
      statusLabel={t(`status.${w.status}`)}
      payout={{
        label: w.payout_state ? t(`payout.${w.payout_state}`) : '',
        tx: t('payout.tx'),
        error: t('payout.error', { error: w.payout_error }),
      }}
    >
      {w.status === 'rejected' && w.reason ? (
        <p className="field-error" data-testid={`${id}-reason`}>
          {t('reason', { reason: w.reason })}
        </p>
      ) : null}
    </WithdrawalRecord>
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
      refreshEvery={refreshWhilePaying}
      renderItem={(w) => <WithdrawalRow w={w} />}
      empty={<EmptyBlock text={t('listEmpty')} testId="withdrawals-empty" />}
      testId="withdrawals-list"
    />
  );
}
