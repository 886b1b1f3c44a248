import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { AdminWithdrawal } from '../types.ts';

type Props = {
  w: AdminWithdrawal;
  busy: boolean;
  onApprove: (w: AdminWithdrawal) => void;
  onReject: (w: AdminWithdrawal) => void;
};

/** One withdrawal for review: who, how much, where to, its state, and Approve / Reject while pending. */
export function WdRow({ w, busy, onApprove, onReject }: Props) {
  const { t } = useTranslation('admin');
  const id = `wd-row-${w.id}`;
  return (
    <article className="record-row" data-testid={id} data-status={w.status}>
      <div className="record-main">
        <strong data-testid={`${id}-userid`}>{w.userid}</strong>
        <Money value={w.amount} asset={w.asset} testId={`${id}-amount`} />
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
      </div>
      <div className="record-sub">
        <span data-testid={`${id}-time`}>{formatDateTime(w.created_at)}</span>
        <span className={`record-status status-${w.status}`} data-testid={`${id}-status`}>
          {t(`wd.status.${w.status}`)}
        </span>
      </div>
      {w.status !== 'pending' ? (
        <p className="field-hint" data-testid={`${id}-decision`}>
          {t('wd.decided', { by: w.decided_by, at: formatDateTime(w.decided_at) })}
          {w.reason ? ` · ${t('wd.reasonText', { reason: w.reason })}` : ''}
        </p>
      ) : (
        <div className="wd-actions">
          <Button
            size="small"
            color="success"
            disabled={busy}
            onClick={() => onApprove(w)}
            data-testid={`wd-approve-${w.id}`}
          >
            {t('wd.approve')}
          </Button>
          <Button
            size="small"
            color="danger"
            fill="outline"
            disabled={busy}
            onClick={() => onReject(w)}
            data-testid={`wd-reject-${w.id}`}
          >
            {t('wd.reject')}
          </Button>
        </div>
      )}
    </article>
  );
}
