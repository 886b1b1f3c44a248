import { useQuery, useQueryClient } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { adminKeys, planQuery } from '../api.ts';
import { PlanEditor } from '../components/plan/PlanEditor.tsx';
import '../admin.css';

type Saved = { version: number; ranks_changed: number };

/** The bonus plan: edit every setting, preview a purchase under the edits, save a new version, run pairing. */
export default function AdminPlanPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const plan = useQuery(planQuery);
  const [saved, setSaved] = useState<Saved | null>(null);

  const onSaved = (data: Saved, msg: string) => {
    showToast(msg);
    setSaved(data);
    void queryClient.invalidateQueries({ queryKey: adminKeys.plan });
  };

  let body = null;
  if (plan.isPending) body = <LoadingBlock lines={8} testId="plan-loading" />;
  else if (plan.isError) body = <LoadFailed onRetry={() => void plan.refetch()} testId="plan-error" />;
  // A new version remounts the editor, so its form starts from what is now in force.
  else body = <PlanEditor key={plan.data.current.version} plan={plan.data} onSaved={onSaved} />;

  return (
    <PageLayout title={t('routes:/pages/admin/plan')} testId="admin-plan-page">
      {saved ? (
        <List header={t('plan.savedTitle')} data-testid="plan-saved">
          <List.Item>{t('plan.savedText', { version: saved.version, count: saved.ranks_changed })}</List.Item>
        </List>
      ) : null}
      {body}
    </PageLayout>
  );
}
