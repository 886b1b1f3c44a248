import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { type AirdropCampaign, airdropKeys, fetchCampaignsPage } from '../api.ts';
import { CampaignForm } from '../components/CampaignForm.tsx';
import { CampaignRow } from '../components/CampaignRow.tsx';

/** How often the list asks for progress while a campaign is still paying out. */
export const CAMPAIGN_POLL_MS = 2000;

const pollWhileRunning = (items: AirdropCampaign[]) =>
  items.some((c) => c.status === 'running') ? CAMPAIGN_POLL_MS : false;

/** Airdrop campaigns: start one, and follow each one's progress until it is done. */
export default function AdminAirdropPage() {
  const { t } = useTranslation('admin');
  return (
    <PageLayout title={t('routes:/pages/admin/airdrop')} testId="admin-airdrop-page">
      <CampaignForm />
      <h3 className="section-title">{t('airdrop.campaigns')}</h3>
      <PagedList<AirdropCampaign>
        queryKey={airdropKeys.campaigns}
        fetchPage={fetchCampaignsPage}
        itemKey={(c) => c.id}
        renderItem={(c) => <CampaignRow c={c} />}
        refreshEvery={pollWhileRunning}
        empty={<EmptyBlock text={t('airdrop.empty')} testId="campaigns-empty" />}
        testId="campaign-list"
      />
    </PageLayout>
  );
}
