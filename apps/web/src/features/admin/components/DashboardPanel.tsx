import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/Money.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { dashboardQuery } from '../api.ts';
import type { Dashboard } from '../types.ts';

/** The dashboard's payouts and volume are USDT. */
const ASSET = 'USDT';

/** A count in the app language's grouping ('12,345'). */
const count = (n: number) => formatMoney(String(n), { decimals: 0 });

type FigureProps = {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  testId: string;
  to?: string;
  attention?: boolean;
};

/** One figure; a figure with a queue behind it opens that queue. */
function Figure({ label, value, sub, testId, to, attention = false }: FigureProps) {
  const navigate = useNavigate();
  const content = (
    <>
      <span className="dash-label">{label}</span>
      <strong data-testid={`${testId}-value`}>{value}</strong>
      {sub ? (
        <span className="dash-sub" data-testid={`${testId}-sub`}>
          {sub}
        </span>
      ) : null}
    </>
  );
  const className = `dash-card${attention ? ' dash-attention' : ''}`;
  if (!to)
    return (
      <div className={className} data-testid={testId}>
        {content}
      </div>
    );
  return (
    <button
      type="button"
      className={`${className} dash-link`}
      onClick={() => navigate(to)}
      data-testid={testId}
    >
      {content}
    </button>
  );
}

/** Withdrawals left waiting too long for a decision or their payment by hand: a warning that opens the queue. */
function WaitingTooLong({ d }: { d: Dashboard }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  if (d.withdrawals_waiting_long <= 0) return null;
  return (
    <button
      type="button"
      className="dash-warning"
      onClick={() => navigate('/pages/admin/wd')}
      data-testid="dash-waiting-long"
    >
      {t('dashboard.waitingLong', {
        count: d.withdrawals_waiting_long,
        hours: d.wait_alert_hours,
        time: formatDateTime(d.oldest_waiting_since),
      })}
    </button>
  );
}

/** Today at a glance (UTC day): members, the queues waiting for an admin, volume and payouts. */
export function DashboardPanel() {
  const { t } = useTranslation('admin');
  const dash = useQuery(dashboardQuery);
  if (dash.isPending) return <LoadingBlock lines={4} testId="dashboard-loading" />;
  if (dash.isError) return <LoadFailed onRetry={() => void dash.refetch()} testId="dashboard-error" />;
  const d = dash.data;
  return (
    <section data-testid="dashboard" aria-label={t('dashboard.title')}>
      <p className="dash-date" data-testid="dashboard-date">
        {t('dashboard.today', { date: formatDate(d.date) })}
      </p>
      <WaitingTooLong d={d} />
      <div className="dash-grid">
        <Figure
          label={t('dashboard.members')}
          value={count(d.members_total)}
          sub={t('dashboard.newToday', { count: d.members_today })}
          testId="dash-members"
        />
        <Figure
          label={t('dashboard.volume')}
          value={<Money value={d.volume_today} asset={ASSET} />}
          sub={t('dashboard.purchases', { count: d.purchases_today })}
          testId="dash-volume"
        />
        <Figure
          label={t('dashboard.pendingWithdrawals')}
          value={count(d.pending_withdrawals)}
          sub={<Money value={d.pending_withdrawal_amount} asset={ASSET} />}
          testId="dash-pending-wd"
          to="/pages/admin/wd"
          attention={d.pending_withdrawals > 0}
        />
        <Figure
          label={t('dashboard.pendingKyc')}
          value={count(d.pending_kyc)}
          sub={t('dashboard.review')}
          testId="dash-pending-kyc"
          to="/pages/admin/kyc"
          attention={d.pending_kyc > 0}
        />
        <Figure
          label={t('dashboard.bonuses')}
          value={<Money value={d.bonuses_today} asset={ASSET} />}
          testId="dash-bonuses"
        />
        <Figure
          label={t('dashboard.miningIncome')}
          value={<Money value={d.mining_income_today} asset={ASSET} />}
          testId="dash-mining"
        />
      </div>
    </section>
  );
}
