import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { adminKeys, memberDetailQuery, setMemberStatus } from '../api.ts';
import { MemberFigures } from '../components/member/MemberFigures.tsx';
import { MemberHistory } from '../components/member/MemberHistory.tsx';
import { MemberProfile } from '../components/member/MemberProfile.tsx';
import { MemberStatusPopup, type StatusAction } from '../components/member/MemberStatusPopup.tsx';
import '../admin.css';

/** A refusal about this member (unknown userid and the like), as opposed to a failure worth retrying. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code >= 400 && error.code < 500;

/** One member in full, with freeze / unfreeze (reason required, audited); the page refreshes afterwards. */
export default function AdminMemberDetailPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const userid = params.get('userid')?.trim() ?? '';
  const queryClient = useQueryClient();
  const detail = useQuery({ ...memberDetailQuery(userid), enabled: userid.length > 0 });
  const [action, setAction] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();

  const change = async (reason: string) => {
    if (!action) return;
    setBusy(true);
    setReasonError(undefined);
    try {
      const { msg } = await setMemberStatus({ userid, action, reason });
      showToast(msg);
      setAction(null);
    } catch (error) {
      // The API client has shown the refusal; a reason it names is marked in the popup.
      if (error instanceof ApiError) setReasonError(error.fieldError('reason'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.members });
    }
  };

  let body = null;
  if (!userid) body = <EmptyBlock text={t('member.missing')} testId="member-detail-missing" />;
  else if (detail.isPending) body = <LoadingBlock lines={8} testId="member-detail-loading" />;
  else if (detail.isError)
    body = isRefusal(detail.error) ? (
      <EmptyBlock text={(detail.error as ApiError).msg} testId="member-detail-refused" />
    ) : (
      <LoadFailed onRetry={() => void detail.refetch()} testId="member-detail-error" />
    );
  else {
    const m = detail.data;
    const next: StatusAction = m.status === 'frozen' ? 'unfreeze' : 'freeze';
    body = (
      <section data-testid="member-detail" data-status={m.status}>
        <MemberProfile m={m} />
        <MemberFigures m={m} />
        <MemberHistory m={m} />
        <div className="page-section member-actions">
          <Button
            block
            color={next === 'freeze' ? 'danger' : 'primary'}
            fill={next === 'freeze' ? 'outline' : 'solid'}
            onClick={() => {
              setReasonError(undefined);
              setAction(next);
            }}
            data-testid={`member-${next}`}
          >
            {t(`member.${next}`)}
          </Button>
        </div>
        <MemberStatusPopup
          // A new member or status starts with an empty reason.
          key={`${m.userid}-${m.status}`}
          userid={m.userid}
          action={action}
          busy={busy}
          reasonError={reasonError}
          onCancel={() => setAction(null)}
          onConfirm={(reason) => void change(reason)}
        />
      </section>
    );
  }
  return (
    <PageLayout title={t('routes:/pages/admin/memberdetail')} testId="admin-member-detail-page">
      {body}
    </PageLayout>
  );
}
