import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PagedList } from '../../../components/PagedList.tsx';
import { adminKeys, fetchMembersPage, type MemberFilter } from '../api.ts';
import type { AdminMember } from '../types.ts';
import { MemberRow, memberPath } from './MemberRow.tsx';

/** Members matching a filter, newest first, paged; a row opens the member's detail. */
export function MemberList({
  filter,
  empty,
  testId,
}: {
  filter: MemberFilter;
  empty: ReactNode;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <PagedList<AdminMember>
      key={JSON.stringify(filter)}
      queryKey={adminKeys.memberList(filter)}
      fetchPage={(page, pagesize) => fetchMembersPage(filter, page, pagesize)}
      itemKey={(m) => m.userid}
      renderItem={(m) => <MemberRow m={m} onOpen={(x) => navigate(memberPath(x.userid))} />}
      empty={empty}
      testId={testId}
    />
  );
}
