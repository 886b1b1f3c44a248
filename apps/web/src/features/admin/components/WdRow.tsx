import { useTranslation } from 'react-i18next';
import { DecisionButtons } from '../../../components/DecisionButtons.tsx';
import { WithdrawalRecord } from '../../../components/WithdrawalRecord.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { AdminWithdrawal } from '../types.ts';

type Props = {
  w: AdminWithdrawal;
  busy: boolean;
  onApprove: (w: AdminWithdrawal) => void;
  onReject: (w: AdminWithdrawal) => void;
  onRetry: (w: AdminWithdrawal) => void;
  onRecord: (w: AdminWithdrawal) => void;
};

/** One withdrawal for review: who, how much, where to, its state, and Approve / Reject while pending. */
export function WdRow({ w, busy, onApprove, onReject, onRetry, onRecord }: Props) {
  const { t } = useTranslation('admin');
  const id = `wd-row-${w.id}`;
  return (
    <WithdrawalRecord
      w={w}
      testId={id}
      statusLabel={t(`wd.status.${w.status}`)}
      userid={w.userid}
      receiveLabel={t('wd.memberReceives')}
      payout={{
        label: w.payout_state ? t(`wd.payout.${w.payout_state}`) : '',
        tx: t('wd.payout.tx'),
        error: t('wd.payout.error', { error: w.payout_error }),
      }}
    >
      {w.status !== 'pending' ? (
        <>
          <p className="field-hint" data-testid={`${id}-decision`}>
            {t('wd.decided', { by: w.decided_by, at: formatDateTime(w.decided_at) })}
            {w.reason ? ` · ${t('wd.reasonText', { reason: w.reason })}` : ''}
          </p>
          <PayoutActions w={w} busy={busy} onReject={onReject} onRetry={onRetry} onRecord={onRecord} />
        </>
      ) : (
        <>
          {w.awaiting_second_approval ? (
            <p className="field-hint" data-testid={`${id}-first-approval`}>
              {t('admins.waitingSecond', {
                by: w.first_approved_by,
                at: formatDateTime(w.first_approved_at),
              })}
            </p>
          ) : null}
          <DecisionButtons
            busy={busy}
            yes={{ label: t('wd.approve'), onClick: () => onApprove(w), testId: `wd-approve-${w.id}` }}
            no={{ label: t('wd.reject'), onClick: () => onReject(w), testId: `wd-reject-${w.id}` }}
          />
        </>
      )}
    </WithdrawalRecord>
  );
}

/**
 * An approved withdrawal whose money is still held: a failed payout is sent again, one to be paid by hand gets its
 * transaction recorded; either may instead be rejected, which releases the money.
 */
function PayoutActions({ w, busy, onReject, onRetry, onRecord }: Omit<Props, 'onApprove'>) {
  const { t } = useTranslation('admin');
  if (w.status !== 'approved') return null;
  const no = { label: t('wd.rejectFailed'), onClick: () => onReject(w), testId: `wd-reject-${w.id}` };
  if (w.payout_state === 'failed')
    return (
      <DecisionButtons
        busy={busy}
        yes={{
          label: t('wd.retry'),
          onClick: () => onRetry(w),
          testId: `wd-retry-${w.id}`,
          color: 'primary',
        }}
        no={no}
      />
    );
  if (w.payout_state === 'manual')
    return (
      <DecisionButtons
        busy={busy}
        yes={{
          label: t('wd.record.action'),
          onClick: () => onRecord(w),
          testId: `wd-record-${w.id}`,
          color: 'primary',
        }}
        no={no}
      />
    );
  return null;
}
