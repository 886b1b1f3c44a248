import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { fetchKycPage, type KycSubmission, kycKeys } from '../api.ts';
import { KycRow } from '../components/KycRow.tsx';
import '../kyc.css';

type StatusKey = 'pending' | 'approved' | 'rejected' | 'all';

/** The review queue: pending verifications oldest first; other states for reference. */
export default function AdminKycPage() {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusKey>('pending');
  const options = (['pending', 'approved', 'rejected', 'all'] as StatusKey[]).map((k) => ({
    key: k,
    label: k === 'all' ? t('admin.all') : t(`status.${k}`),
  }));
  return (
    <PageLayout title={t('routes:/pages/admin/kyc')} testId="admin-kyc-page">
      <FilterChips
        options={options}
        value={status}
        onChange={setStatus}
        label={t('admin.statusFilter')}
        testId="kyc-filter-status"
      />
      <PagedList<KycSubmission>
        key={status}
        queryKey={kycKeys.adminList(status)}
        fetchPage={(page, pagesize) => fetchKycPage(status, page, pagesize)}
        itemKey={(k) => k.id}
        renderItem={(k) => <KycRow k={k} onOpen={(x) => navigate(`/pages/admin/kycdetail?id=${x.id}`)} />}
        empty={<EmptyBlock text={t('admin.empty')} testId="kyc-empty" />}
        testId="kyc-list"
      />
    </PageLayout>
  );
}
