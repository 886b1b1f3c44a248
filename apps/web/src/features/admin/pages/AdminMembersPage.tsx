import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import type { MemberFilter, MemberStatus } from '../api.ts';
import { MemberList } from '../components/MemberList.tsx';
import '../admin.css';

type StatusKey = 'all' | MemberStatus;

/** Every member, newest first, filtered by status; a row opens the member's detail. */
export default function AdminMembersPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<StatusKey>('all');
  const filter: MemberFilter = status === 'all' ? {} : { status };
  const options = (['all', 'active', 'frozen'] as StatusKey[]).map((k) => ({
    key: k,
    label: k === 'all' ? t('members.all') : t(`members.status.${k}`),
  }));
  return (
    <PageLayout title={t('routes:/pages/admin/member')} testId="admin-members-page">
      <FilterChips
        options={options}
        value={status}
        onChange={setStatus}
        label={t('members.statusFilter')}
        testId="member-filter-status"
      />
      <MemberList
        filter={filter}
        empty={<EmptyBlock text={t('members.empty')} testId="members-empty" />}
        testId="member-list"
      />
    </PageLayout>
  );
}
