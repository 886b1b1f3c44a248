import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
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
import { RecordPaymentPopup } from '../components/RecordPaymentPopup.tsx';
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
  const { rejecting, setRejecting, busy, approve, reject, retry } = useWdDecisions();
  const [recording, setRecording] = useState<AdminWithdrawal | null>(null);

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
          <WdRow
            w={w}
            busy={busy}
            onApprove={approve}
            onReject={setRejecting}
            onRetry={retry}
            onRecord={setRecording}
          />
        )}
        empty={<EmptyBlock text={t('wd.empty')} testId="wd-empty" />}
        testId="wd-list"
      />
      {/* The member sees the reason on their withdrawals list. */}
      <ReasonPopup
        open={rejecting !== null}
        busy={busy}
        title={
          rejecting
            ? t('wd.rejectTitle', {
                userid: rejecting.userid,
                amount: formatAsset(rejecting.amount, rejecting.asset),
              })
            : ''
        }
        label={t('wd.reason')}
        placeholder={t('wd.reasonPlaceholder')}
        requiredText={t('wd.reasonRequired')}
        confirmText={t('wd.reject')}
        testId="wd-reject"
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && void reject(rejecting, reason)}
      />
      <RecordPaymentPopup w={recording} onClose={() => setRecording(null)} />
    </PageLayout>
  );
}

/**
 * Approve, reject (with a reason, `rejecting` is the withdrawal asked about) and retry, each after a step-up
 * code; the lists and totals refresh after every decision, refused or not.
 */
function useWdDecisions() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (id: string, action: 'approve' | 'reject' | 'retry' | 'cancel', reason?: string) => {
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
    if (await confirmDialog(approvalText(t, w))) await decide(w.id, 'approve');
  };

  // One waiting to be paid by hand is cancelled, not rejected: a reject sent as another admin approves it could
  // otherwise undo an approval someone may already be paying.
  const reject = (w: AdminWithdrawal, reason: string) =>
    decide(w.id, w.payout_state === 'manual' ? 'cancel' : 'reject', reason);

  const retry = async (w: AdminWithdrawal) => {
    if (await confirmDialog(t('wd.retryConfirm', { userid: w.userid }))) await decide(w.id, 'retry');
  };

  return { rejecting, setRejecting, busy, approve, reject, retry };
}

/**
 * What approving will do, checked before confirming: sent from the hot wallet, or left for the admin to pay by hand
 * (to which address, and that the hash is recorded here afterwards); and whether a second admin must approve too.
 */
function approvalText(t: TFunction<'admin'>, w: AdminWithdrawal): string {
  const words = { amount: formatAsset(w.receive, w.asset), network: w.address_type, address: w.address };
  const parts = [
    t('wd.approveConfirm', { userid: w.userid }),
    w.payout_mode === 'manual' ? t('wd.approveManual', words) : t('wd.approveAutomatic', words),
  ];
  // The second approver's own confirmation need not say that one more is needed.
  if (w.second_approval && !w.awaiting_second_approval)
    parts.push(t('wd.approveSecond', { why: t(`wd.secondWhy.${w.second_approval}`) }));
  return parts.join(' ');
}

/** The count, amount and fee of the filtered withdrawals ('…' while they load). */
function WdTotals({ totals }: { totals: WdTotalsData | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <section className="wd-totals" data-testid="wd-totals">
      <span>
        {t('wd.count')}
        {t('common:colon')}
        <strong data-testid="wd-total-count">{totals?.count ?? '…'}</strong>
      </span>
      <span>
        {t('wd.totalAmount')}
        {t('common:colon')}
        {totals ? <Money value={totals.amount} asset="USDT" testId="wd-total-amount" /> : '…'}
      </span>
      <span>
        {t('wd.totalFee')}
        {t('common:colon')}
        {totals ? <Money value={totals.fee} asset="USDT" testId="wd-total-fee" /> : '…'}
      </span>
    </section>
  );
}
