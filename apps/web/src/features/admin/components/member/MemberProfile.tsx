import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format.ts';
import type { MemberDetail } from '../../types.ts';
import { memberPath } from '../MemberRow.tsx';

const dash = (v: string) => v || '—';

/** A userid that opens that member's own detail page. */
function MemberLink({ userid, testId }: { userid: string; testId: string }) {
  if (!userid) return <span data-testid={testId}>—</span>;
  return (
    <Link to={memberPath(userid)} data-testid={testId}>
      {userid}
    </Link>
  );
}

/** Who the member is: contact, role, joined, KYC, rank, and where they sit in the network. */
export function MemberProfile({ m }: { m: MemberDetail }) {
  const { t } = useTranslation('admin');
  const side = m.side ? t(`member.sides.${m.side}`, { defaultValue: m.side }) : '';
  return (
    <>
      <List header={t('member.profile')} data-testid="member-profile">
        <List.Item
          extra={
            <Tag color={m.status === 'frozen' ? 'danger' : 'success'} data-testid="member-status">
              {t(`members.status.${m.status}`)}
            </Tag>
          }
          description={<span data-testid="member-name">{m.name || t('members.noName')}</span>}
        >
          <strong data-testid="member-userid">{m.userid}</strong>
        </List.Item>
        <List.Item extra={<span data-testid="member-email">{dash(m.email)}</span>}>
          {t('member.email')}
        </List.Item>
        <List.Item
          extra={
            <span data-testid="member-mobile">{m.mobile ? `${m.tel_prefix} ${m.mobile}`.trim() : '—'}</span>
          }
        >
          {t('member.mobile')}
        </List.Item>
        <List.Item
          extra={<span data-testid="member-role">{t(`roles.${m.role}`, { defaultValue: m.role })}</span>}
        >
          {t('member.role')}
        </List.Item>
        <List.Item extra={formatDate(m.joined) || '—'}>{t('member.joined')}</List.Item>
        <List.Item
          extra={
            <span data-testid="member-kyc">
              {t(`kycState.${m.kyc_state}`, { defaultValue: m.kyc_state })}
            </span>
          }
        >
          {t('member.kyc')}
        </List.Item>
        <List.Item extra={<span data-testid="member-rank">{t(`ranks.${m.rank}`)}</span>}>
          {t('member.rank')}
        </List.Item>
      </List>
      <List header={t('member.network')} data-testid="member-network">
        <List.Item extra={<MemberLink userid={m.sponsor} testId="member-sponsor" />}>
          {t('member.sponsor')}
        </List.Item>
        <List.Item extra={<MemberLink userid={m.placement} testId="member-placement" />}>
          {t('member.placement')}
        </List.Item>
        <List.Item extra={<span data-testid="member-side">{side || '—'}</span>}>{t('member.side')}</List.Item>
      </List>
    </>
  );
}
