import { adminAllowed } from '@mp/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { PayoutSettingsForm } from '../components/PayoutSettingsForm.tsx';
import { payoutSettingsQuery } from '../api.ts';
import { myRoleQuery } from '../security-api.ts';
import '../admin.css';

/**
 * `/pages/admin/payouts`: the networks members may withdraw to and how each is paid, the automatic payout limits
 * and the two-person threshold. Finance and viewer admins read them; the owner changes them.
 */
export default function AdminPayoutsPage() {
  const { t } = useTranslation('admin');
  const settings = useQuery(payoutSettingsQuery);
  const role = useQuery(myRoleQuery());
  let body = <LoadingBlock testId="payouts-loading" />;
  if (settings.isError) body = <LoadFailed onRetry={() => void settings.refetch()} testId="payouts-error" />;
  else if (settings.data && !role.isPending)
    body = (
      <PayoutSettingsForm
        settings={settings.data}
        canSave={adminAllowed('Admin/payoutsettingssave', role.data?.role || null)}
      />
    );
  return (
    <PageLayout title={t('routes:/pages/admin/payouts')} testId="admin-payouts-page">
      {body}
    </PageLayout>
  );
}
