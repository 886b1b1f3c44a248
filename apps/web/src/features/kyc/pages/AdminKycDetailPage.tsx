import type { ResponseOf } from '@mp/contract';
import type { adminKycDetail } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { ReasonPopup } from '../../../components/ReasonPopup.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { kycDetailQuery, kycKeys, reviewKyc } from '../api.ts';
import { ReviewPicture } from '../components/ReviewPicture.tsx';
import '../kyc.css';

type KycDetail = ResponseOf<typeof adminKycDetail>;

/** One verification: the details, the three pictures (zoomable), and Approve / Reject while pending. */
export default function AdminKycDetailPage() {
  const { t } = useTranslation('kyc');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const queryClient = useQueryClient();
  const detail = useQuery({ ...kycDetailQuery(id), enabled: id.length > 0 });
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);

  const decide = async (action: 'approve' | 'reject', reason?: string) => {
    setBusy(true);
    try {
      const { msg } = await reviewKyc(id, action, reason);
      showToast(msg);
      setRejecting(false);
    } catch {
      // The API client has shown the refusal (e.g. decided by another admin meanwhile); the page refreshes below.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: kycKeys.admin });
    }
  };

  let body = null;
  if (!id) body = <EmptyBlock text={t('admin.missingId')} testId="kyc-detail-missing" />;
  else if (detail.isPending) body = <LoadingBlock testId="kyc-detail-loading" />;
  else if (detail.isError)
    body = <LoadFailed onRetry={() => void detail.refetch()} testId="kyc-detail-error" />;
  else {
    const k = detail.data;
    body = (
      <section data-testid="kyc-detail" data-status={k.status}>
        <KycFacts k={k} />
        <p className="page-section field-hint">
          {t('admin.earlier', { n: k.earlier })} · {t('admin.zoomHint')}
        </p>
        <div className="kyc-review-pictures">
          {k.sides.map((side) => (
            <ReviewPicture key={side} id={k.id} side={side} />
          ))}
        </div>
        <KycDecision
          k={k}
          busy={busy}
          onReject={() => setRejecting(true)}
          onApprove={async () => {
            if (await confirmDialog(t('admin.approveConfirm', { userid: k.userid }))) await decide('approve');
          }}
        />
        {/* The member reads the reason on their verification screen. */}
        <ReasonPopup
          open={rejecting}
          busy={busy}
          title={t('admin.rejectTitle', { userid: k.userid, name: k.name })}
          label={t('admin.reason')}
          placeholder={t('admin.reasonPlaceholder')}
          requiredText={t('admin.reasonRequired')}
          confirmText={t('admin.reject')}
          testId="kyc-reject"
          onClose={() => setRejecting(false)}
          onConfirm={(reason) => void decide('reject', reason)}
        />
      </section>
    );
  }
  return (
    <PageLayout title={t('routes:/pages/admin/kycdetail')} testId="admin-kyc-detail-page">
      {body}
    </PageLayout>
  );
}

/** Who asked, the status, the name, country and identity document, and when. */
function KycFacts({ k }: { k: KycDetail }) {
  const { t } = useTranslation('kyc');
  return (
    <List>
      <List.Item extra={<span data-testid="kyc-detail-userid">{k.userid}</span>}>
        {t('admin.member')}
      </List.Item>
      <List.Item extra={<span data-testid="kyc-detail-status">{t(`status.${k.status}`)}</span>}>
        {t('admin.statusFilter')}
      </List.Item>
      <List.Item extra={<span data-testid="kyc-detail-name">{k.name}</span>}>{t('field.name')}</List.Item>
      <List.Item extra={k.country}>{t('field.country')}</List.Item>
      <List.Item
        extra={<span data-testid="kyc-detail-id">{`${t(`idType.${k.id_type}`)} ${k.id_number}`}</span>}
      >
        {t('field.idNumber')}
      </List.Item>
      <List.Item extra={formatDateTime(k.created_at)}>{t('admin.submittedAt')}</List.Item>
    </List>
  );
}

/** Reject and Approve while pending; afterwards who decided, when, and the reason given. */
function KycDecision({
  k,
  busy,
  onReject,
  onApprove,
}: {
  k: KycDetail;
  busy: boolean;
  onReject: () => void;
  onApprove: () => Promise<void>;
}) {
  const { t } = useTranslation('kyc');
  return k.status === 'pending' ? (
    <div className="page-section kyc-actions">
      <Button color="danger" fill="outline" disabled={busy} onClick={onReject} data-testid="kyc-reject">
        {t('admin.reject')}
      </Button>
      <Button color="success" loading={busy} onClick={onApprove} data-testid="kyc-approve">
        {t('admin.approve')}
      </Button>
    </div>
  ) : (
    <p className="page-section field-hint" data-testid="kyc-detail-decision">
      {t('admin.decided', { by: k.decided_by, at: formatDateTime(k.decided_at) })}
      {k.reason ? ` · ${t('result.reason', { reason: k.reason })}` : ''}
    </p>
  );
}
