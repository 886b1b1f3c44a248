import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import type { MemberDetail } from '../../types.ts';

/** Rank changes and status changes (freeze / unfreeze), as the server lists them. */
export function MemberHistory({ m }: { m: MemberDetail }) {
  const { t } = useTranslation('admin');
  const rank = (r: string) => (r ? t(`ranks.${r}`, { defaultValue: r }) : '—');
  return (
    <>
      <List header={t('member.rankHistory')} data-testid="member-rank-history">
        {m.rank_history.length === 0 ? <List.Item>{t('member.noRankHistory')}</List.Item> : null}
        {m.rank_history.map((h, i) => (
          <List.Item
            key={`${h.at}-${h.to}`}
            data-testid={`member-rank-change-${i}`}
            description={[h.reason, formatDateTime(h.at)].filter(Boolean).join(' · ')}
          >
            {t('member.rankChange', { from: rank(h.from), to: rank(h.to) })}
          </List.Item>
        ))}
      </List>
      <List header={t('member.statusHistory')} data-testid="member-status-history">
        {m.status_history.length === 0 ? <List.Item>{t('member.noStatusHistory')}</List.Item> : null}
        {m.status_history.map((h, i) => (
          <List.Item
            key={`${h.at}-${h.action}`}
            data-testid={`member-status-change-${i}`}
            description={t('member.statusBy', { by: h.by || '—', at: formatDateTime(h.at) })}
          >
            {t(`member.actions.${h.action}`, { defaultValue: h.action })}
            {h.reason ? ` · ${h.reason}` : ''}
          </List.Item>
        ))}
      </List>
    </>
  );
}
