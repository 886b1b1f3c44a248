import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { ReasonPopup } from '../../../components/ReasonPopup.tsx';
import { refreshWhilePaying } from '../../../components/WithdrawalRecord.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatAsset } from '../../../lib/money.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import {
  adminKeys,
  decideWithdrawal,
  fetchWithdrawalsPage,
  type WdFilter,
  type WdStatus,
  wdTotalsQuery,
} from '../api.ts';
import { WdRow } from '../components/WdRow.tsx';
import { useStepUp } from '../stepUp.tsx';
import type { AdminWithdrawal } from '../types.ts';

type StatusKey = 'all' | WdStatus;
type WdTotalsData = { count: number; amount: string; fee: string };

/** Withdrawals for review: status, member and date filters, totals, and Approve / Reject on pending ones. */
export default function AdminWithdrawalsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<StatusKey>('pending');
  const [userid, setUserid] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const member = useDebounced(userid.trim(), 400);
  const filter: WdFilter = {
    ...(status === 'all' ? {} : { status }),
    ...(member ? { userid: member } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const totals = useQuery(wdTotalsQuery(filter));
  const { rejecting, setRejecting, busy, decide, approve, retry } = useWdDecisions();

  const statusOptions = (['pending', 'approved', 'rejected', 'all'] as StatusKey[]).map((k) => ({
    key: k,
    label: k === 'all' ? t('wd.all') : t(`wd.status.${k}`),
  }));

  return (
    <PageLayout title={t('routes:/pages/admin/wd')} testId="admin-wd-page">
      <FilterChips
        options={statusOptions}
        value={status}
        onChange={setStatus}
        label={t('wd.statusFilter')}
        testId="wd-filter-status"
      />
      <div className="admin-filters">
        <Input
          id="wd-filter-userid"
          data-testid="wd-filter-userid"
          placeholder={t('wd.member')}
          aria-label={t('wd.member')}
          value={userid}
          onChange={setUserid}
          clearable
        />
        <DateRangeFilter
          idPrefix="wd-filter"
          labels={{ from: t('wd.from'), to: t('wd.to') }}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
        />
      </div>
      <WdTotals totals={totals.data} />
      <PagedList<AdminWithdrawal>
        key={JSON.stringify(filter)}
        queryKey={adminKeys.wdList(filter)}
        fetchPage={(page, pagesize) => fetchWithdrawalsPage(filter, page, pagesize)}
        itemKey={(w) => w.id}
        refreshEvery={refreshWhilePaying}
        renderItem={(w) => (
          <WdRow w={w} busy={busy} onApprove={approve} onReject={(x) => setRejecting(x.id)} onRetry={retry} />
        )}
        empty={<EmptyBlock text={t('wd.empty')} testId="wd-empty" />}
        testId="wd-list"
      />
      {/* The member sees the reason on their withdrawals list. */}
      <ReasonPopup
        open={rejecting !== null}
        busy={busy}
        title={t('wd.rejectTitle', { id: rejecting })}
        label={t('wd.reason')}
        placeholder={t('wd.reasonPlaceholder')}
        requiredText={t('wd.reasonRequired')}
        confirmText={t('wd.reject')}
        testId="wd-reject"
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && void decide(rejecting, 'reject', reason)}
      />
    </PageLayout>
  );
}

/**
 * Approve, reject (with a reason, `rejecting` names the withdrawal asked about) and retry, each after a step-up
 * code; the lists and totals refresh after every decision, refused or not.
 */
function useWdDecisions() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (id: string, action: 'approve' | 'reject' | 'retry', reason?: string) => {
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    try {
      const { msg } = await decideWithdrawal(id, action, reason, totp);
      showToast(msg);
      setRejecting(null);
    } catch {
      // The API client has shown the refusal (e.g. already decided by another admin); the list refreshes below.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.wd });
    }
  };

  const approve = async (w: AdminWithdrawal) => {
    const ok = await confirmDialog(
      t('wd.approveConfirm', { userid: w.userid, amount: formatAsset(w.receive, w.asset) }),
    );
    if (ok) await decide(w.id, 'approve');
  };

  const retry = async (w: AdminWithdrawal) => {
    if (await confirmDialog(t('wd.retryConfirm', { userid: w.userid }))) await decide(w.id, 'retry');
  };

  return { rejecting, setRejecting, busy, decide, approve, retry };
}

/** The count, amount and fee of the filtered withdrawals ('…' while they load). */
function WdTotals({ totals }: { totals: WdTotalsData | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <section className="wd-totals" data-testid="wd-totals">
      <span>
        {t('wd.count')}: <strong data-testid="wd-total-count">{totals?.count ?? '…'}</strong>
      </span>
      <span>
        {t('wd.totalAmount')}:{' '}
        {totals ? <Money value={totals.amount} asset="USDT" testId="wd-total-amount" /> : '…'}
      </span>
      <span>
        {t('wd.totalFee')}: {totals ? <Money value={totals.fee} asset="USDT" testId="wd-total-fee" /> : '…'}
      </span>
    </section>
  );
}
