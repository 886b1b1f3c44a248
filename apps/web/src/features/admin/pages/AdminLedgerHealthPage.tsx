import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { compareAmounts, decimalsOf } from '../../../lib/money.ts';
import { ledgerHealthQuery } from '../api.ts';
import type { LedgerHealth } from '../types.ts';

/** Runs the ledger's invariant check and shows the outcome: problems found, and debits and credits per asset. */
export default function AdminLedgerHealthPage() {
  const { t } = useTranslation('admin');
  const check = useQuery(ledgerHealthQuery);

  const runAgain = async () => {
    const { data } = await check.refetch();
    if (data) showToast(data.healthy ? t('ledger.toastHealthy') : t('ledger.toastProblems'));
  };

  let body = null;
  if (check.isPending) body = <LoadingBlock testId="ledger-loading" />;
  else if (check.isError) body = <LoadFailed onRetry={() => void check.refetch()} testId="ledger-error" />;
  else body = <HealthReport report={check.data} />;

  return (
    <PageLayout title={t('routes:/pages/admin/ledger')} testId="admin-ledger-page">
      {body}
      <div className="form-actions">
        <Button
          block
          color="primary"
          loading={check.isFetching}
          disabled={check.isFetching}
          onClick={() => void runAgain()}
          data-testid="ledger-run"
        >
          {t('ledger.run')}
        </Button>
      </div>
    </PageLayout>
  );
}

function HealthReport({ report }: { report: LedgerHealth }) {
  const { t } = useTranslation('admin');
  const state = report.healthy ? 'healthy' : 'unhealthy';
  return (
    <>
      <List header={t('ledger.summary')} data-testid="ledger-report">
        <List.Item
          extra={
            <Tag color={report.healthy ? 'success' : 'danger'} data-testid="ledger-status" data-state={state}>
              {t(`ledger.${state}`)}
            </Tag>
          }
        >
          {t('ledger.status')}
        </List.Item>
        <List.Item extra={<span data-testid="ledger-checked-at">{formatDateTime(report.checked_at)}</span>}>
          {t('ledger.checkedAt')}
        </List.Item>
        <List.Item extra={<span data-testid="ledger-accounts">{report.accounts}</span>}>
          {t('ledger.accounts')}
        </List.Item>
        <List.Item extra={<span data-testid="ledger-transfers">{report.transfers}</span>}>
          {t('ledger.transfers')}
        </List.Item>
      </List>
      <h3 className="section-title">{t('ledger.problems')}</h3>
      {report.problems.length === 0 ? (
        <p className="field-hint page-section" data-testid="ledger-no-problems">
          {t('ledger.noProblems')}
        </p>
      ) : (
        <ul className="ledger-problems" data-testid="ledger-problems">
          {report.problems.map((p, i) => (
            // Problems are plain sentences that may repeat; their order is the check's order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each run
            <li key={i} data-testid={`ledger-problem-${i}`}>
              {p}
            </li>
          ))}
        </ul>
      )}
      <h3 className="section-title">{t('ledger.perAsset')}</h3>
      {report.assets.length === 0 ? (
        <EmptyBlock text={t('ledger.noAssets')} testId="ledger-assets-empty" />
      ) : (
        <List data-testid="ledger-assets">
          {report.assets.map((a) => (
            <List.Item
              key={a.asset}
              data-testid={`ledger-asset-${a.asset}`}
              extra={<BalancedTag debits={a.debits} credits={a.credits} asset={a.asset} />}
              description={
                <span className="ledger-sums">
                  {t('ledger.debits')}{' '}
                  <Money value={a.debits} asset={a.asset} testId={`ledger-asset-${a.asset}-debits`} />
                  {' · '}
                  {t('ledger.credits')}{' '}
                  <Money value={a.credits} asset={a.asset} testId={`ledger-asset-${a.asset}-credits`} />
                </span>
              }
            >
              {a.asset}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

/** Per asset, every debit has its credit: the two totals are equal to the last unit. */
function BalancedTag({ debits, credits, asset }: { debits: string; credits: string; asset: string }) {
  const { t } = useTranslation('admin');
  const balanced = compareAmounts(debits, credits, decimalsOf(asset)) === 0;
  return (
    <Tag
      color={balanced ? 'success' : 'danger'}
      fill="outline"
      data-testid={`ledger-asset-${asset}-balanced`}
      data-state={balanced ? 'balanced' : 'unbalanced'}
    >
      {t(balanced ? 'ledger.balanced' : 'ledger.unbalanced')}
    </Tag>
  );
}
