import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import type { KycSubmission } from '../api.ts';

/** One submission in the review queue; tapping it opens the detail page. */
export function KycRow({ k, onOpen }: { k: KycSubmission; onOpen: (k: KycSubmission) => void }) {
  const { t } = useTranslation('kyc');
  const id = `kyc-row-${k.id}`;
  return (
    <button
      type="button"
      className="record-row"
      data-testid={id}
      data-status={k.status}
      onClick={() => onOpen(k)}
    >
      <div className="record-main">
        <strong data-testid={`${id}-userid`}>{k.userid}</strong>
        <span className={`record-status status-${k.status}`} data-testid={`${id}-status`}>
          {t(`status.${k.status}`)}
        </span>
      </div>
      <div className="record-sub">
        <span>
          {k.name} · {t(`idType.${k.id_type}`)} {k.id_number} · {k.country}
        </span>
      </div>
      <div className="record-sub">
        <span>{formatDateTime(k.created_at)}</span>
        {k.reason ? <span>{t('result.reason', { reason: k.reason })}</span> : null}
      </div>
    </button>
  );
}
