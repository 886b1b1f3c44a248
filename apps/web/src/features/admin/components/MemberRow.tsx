import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import type { AdminMember } from '../types.ts';

/** Where a member's detail page is. */
export const memberPath = (userid: string) =>
  `/pages/admin/memberdetail?userid=${encodeURIComponent(userid)}`;

/** One member in a list: who, rank, status, KYC, joined and sponsor; tapping opens the detail. */
export function MemberRow({ m, onOpen }: { m: AdminMember; onOpen: (m: AdminMember) => void }) {
  const { t } = useTranslation('admin');
  const id = `member-row-${m.userid}`;
  return (
    <button
      type="button"
      className="record-row member-row"
      data-testid={id}
      data-status={m.status}
      onClick={() => onOpen(m)}
    >
      <div className="record-main">
        <strong data-testid={`${id}-userid`}>{m.userid}</strong>
        <span className={`status-${m.status}`} data-testid={`${id}-status`}>
          {t(`members.status.${m.status}`)}
        </span>
      </div>
      <div className="record-sub">
        <span data-testid={`${id}-name`}>
          {m.name || t('members.noName')} · {t(`ranks.${m.rank}`)}
        </span>
        <span data-testid={`${id}-kyc`}>
          {t('members.kyc', { state: t(`kycState.${m.kyc_state}`, { defaultValue: m.kyc_state }) })}
        </span>
      </div>
      <div className="record-sub">
        <span>{t('members.joined', { date: formatDate(m.joined) })}</span>
        <span data-testid={`${id}-sponsor`}>
          {m.sponsor ? t('members.sponsor', { userid: m.sponsor }) : t('members.noSponsor')}
        </span>
      </div>
    </button>
  );
}
