import type { ResponseOf } from '@mp/contract';
import type { adminCopyInvestments, adminCopyPackages, adminCopySettle } from '@mp/contract/web';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { copyKeys, fetchAdminInvestments, makeCompany } from '../api.ts';
import { InvestmentRow } from './InvestmentRow.tsx';

type Row = Awaited<ReturnType<ReturnType<typeof fetchAdminInvestments>>>['list'][number];
type Trader = ResponseOf<typeof adminCopyPackages>['traders'][number];
const STATES = ['all', 'active', 'stopped', 'closed'] as const;

/** What custody holds, the value of active investments, and what was shared with traders and taken as fees. */
export function CopyTotals({ totals }: { totals: ResponseOf<typeof adminCopyInvestments> }) {
  const { t } = useTranslation('trading');
  return (
    <section className="balance-grid" data-testid="admin-copy-totals">
      <div className="line">
        <span>{t('copy.admin.custody')}</span>
        <Money value={totals.custody} asset="USDT" testId="admin-copy-custody" />
      </div>
      <div className="line">
        <span>{t('copy.admin.activeValue')}</span>
        <Money value={totals.active_value} asset="USDT" testId="admin-copy-active-value" />
      </div>
      <div className="line">
        <span>{t('copy.admin.shared')}</span>
        <Money value={totals.shared} asset="USDT" testId="admin-copy-shared" />
      </div>
      <div className="line">
        <span>{t('copy.admin.fees')}</span>
        <Money value={totals.fees} asset="USDT" testId="admin-copy-fees" />
      </div>
    </section>
  );
}

/** The daily settlement runs: when, how many investments, what was shared and taken, and who started each. */
export function SettlementRuns({ runs }: { runs: ResponseOf<typeof adminCopySettle> | undefined }) {
  const { t } = useTranslation('trading');
  return (
    <>
      {runs?.list.length === 0 && <EmptyBlock text={t('copy.admin.noRuns')} />}
      {runs?.list.map((r) => (
        <article key={r.date} className="record-row" data-testid={`admin-copy-run-${r.date}`}>
          <div className="record-main">
            <span>{formatDate(r.date)}</span>
            <span>{t('copy.admin.runCount', { count: r.investments })}</span>
          </div>
          <div className="record-sub">
            <span>
              {t('copy.admin.shared')}
              {t('common:colon')}
              <Money value={r.shared} asset="USDT" /> · {t('copy.admin.fees')}
              {t('common:colon')}
              <Money value={r.fees} asset="USDT" />
            </span>
            <span>
              {r.started_by.replace('schedule', t('copy.admin.scheduled'))} · {formatDateTime(r.at)}
            </span>
          </div>
        </article>
      ))}
    </>
  );
}

/** The traders, and making one the company's managed strategy (after a confirmation). */
export function CompanyTraders({ traders, refresh }: { traders: Trader[] | undefined; refresh: () => void }) {
  const { t } = useTranslation('trading');
  const company = async (id: string, name: string) => {
    if (!(await confirmDialog(t('copy.admin.companyConfirm', { name })))) return;
    try {
      showToast((await makeCompany(id)).msg);
    } catch {
      // Shown by the API client.
    }
    refresh();
  };
  return (
    <>
      <h2 className="section-title">{t('copy.admin.companyTitle')}</h2>
      <p className="trade-note">{t('copy.admin.companyText')}</p>
      {traders?.map((x) => (
        <article key={x.id} className="record-row" data-testid={`admin-copy-trader-${x.id}`}>
          <div className="record-main">
            <span>{x.display_name}</span>
            {x.company ? (
              <span className="copy-badge">{t('copy.company')}</span>
            ) : (
              <Button
                size="small"
                onClick={() => void company(x.id, x.display_name)}
                data-testid={`admin-copy-trader-${x.id}-company`}
              >
                {t('copy.admin.makeCompany')}
              </Button>
            )}
          </div>
        </article>
      ))}
    </>
  );
}

/** Every member's investments, filtered by state. */
export function AdminInvestments() {
  const { t } = useTranslation('trading');
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  return (
    <>
      <h2 className="section-title">{t('copy.admin.investments')}</h2>
      <FilterChips
        options={STATES.map((k) => ({
          key: k,
          label: t(k === 'all' ? 'copy.admin.all' : `copy.state.${k}`),
        }))}
        value={state}
        onChange={setState}
        label={t('copy.stateFilter')}
        testId="admin-copy-filter"
      />
      <PagedList<Row>
        key={state}
        testId="admin-copy-investments"
        queryKey={copyKeys.adminInvestments(state)}
        fetchPage={fetchAdminInvestments(state)}
        itemKey={(x) => x.id}
        empty={<EmptyBlock text={t('copy.admin.noInvestments')} />}
        renderItem={(x) => <InvestmentRow x={x} who={x.userid} />}
      />
    </>
  );
}
