import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { adminPackagesQuery, adminTotalsQuery, copyKeys, runSettlement, runsQuery } from '../api.ts';
import {
  AdminInvestments,
  CompanyTraders,
  CopyTotals,
  SettlementRuns,
} from '../components/AdminCopySections.tsx';
import { PackageForm, PackageRows, usePackageEditor } from '../components/AdminPackageEditor.tsx';
import '../../trading/trading.css';
import '../copy.css';

/**
 * `/pages/admin/copy`: copy trading for operators: what custody holds and what was paid, the daily settlement runs
 * (and running today's now), the traders' packages and the company's managed strategy, and every investment.
 */
export default function AdminCopyPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const totals = useQuery(adminTotalsQuery).data;
  const runs = useQuery(runsQuery).data;
  const packages = useQuery(adminPackagesQuery).data;
  const [busy, setBusy] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: copyKeys.all });
  const editor = usePackageEditor(packages, setBusy, refresh);
  const { editing } = editor;

  const run = async () => {
    if (!(await confirmDialog(t('copy.admin.runConfirm')))) return;
    setBusy(true);
    try {
      showToast((await runSettlement()).msg);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <PageLayout title={t('routes:/pages/admin/copy')} testId="admin-copy-page">
      {totals && <CopyTotals totals={totals} />}

      <h2 className="section-title">{t('copy.admin.runs')}</h2>
      <div className="copy-actions">
        <Button color="primary" block loading={busy} onClick={() => void run()} data-testid="admin-copy-run">
          {t('copy.admin.run')}
        </Button>
      </div>
      <SettlementRuns runs={runs} />

      <h2 className="section-title">{t('copy.admin.packages')}</h2>
      {!packages && <LoadingBlock lines={2} />}
      {packages && <PackageRows list={packages.list} onEdit={editor.setEditing} />}
      {packages && packages.traders.length > 0 && editing === null && (
        <div className="copy-actions">
          <Button block onClick={() => editor.setEditing('new')} data-testid="admin-copy-package-new">
            {t('copy.admin.newPackage')}
          </Button>
        </div>
      )}
      {packages && editing !== null && (
        <PackageForm editor={editor} editing={editing} packages={packages} busy={busy} />
      )}

      <CompanyTraders traders={packages?.traders} refresh={refresh} />

      <AdminInvestments />
    </PageLayout>
  );
}
