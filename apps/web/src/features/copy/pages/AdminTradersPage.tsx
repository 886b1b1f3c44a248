import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionButtons } from '../../../components/DecisionButtons.tsx';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { ReasonPopup } from '../../../components/ReasonPopup.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { copyKeys, decideTrader, fetchTraders } from '../api.ts';

type State = 'pending' | 'approved' | 'rejected' | 'all';
type Trader = Awaited<ReturnType<ReturnType<typeof fetchTraders>>>['list'][number];

/** `/pages/admin/traders`: lead-trader applications to approve or reject (with a reason), and the traders. */
export default function AdminTradersPage() {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const [state, setState] = useState<State>('pending');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (id: string, action: 'approve' | 'reject', reason?: string) => {
    setBusy(true);
    try {
      const { msg } = await decideTrader(id, action, reason);
      showToast(msg);
      setRejecting(null);
    } catch {
      // The API client has shown the refusal (e.g. decided by another admin); the list refreshes below.
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: copyKeys.all });
    }
  };
  const approve = async (x: Trader) => {
    if (await confirmDialog(t('copy.admin.approveConfirm', { userid: x.userid, name: x.display_name })))
      await decide(x.id, 'approve');
  };

  return (
    <PageLayout title={t('routes:/pages/admin/traders')} testId="admin-traders-page">
      <FilterChips
        options={(['pending', 'approved', 'rejected', 'all'] as State[]).map((k) => ({
          key: k,
          label: t(`copy.admin.state.${k}`),
        }))}
        value={state}
        onChange={setState}
        label={t('copy.admin.stateFilter')}
        testId="traders-filter"
      />
      <PagedList<Trader>
        key={state}
        queryKey={copyKeys.admin(state)}
        fetchPage={fetchTraders(state)}
        itemKey={(x) => x.id}
        renderItem={(x) => (
          <article className="record-row" data-testid={`trader-row-${x.id}`} data-state={x.state}>
            <div className="record-main">
              <strong data-testid={`trader-row-${x.id}-name`}>{x.display_name}</strong>
              <span>{x.userid}</span>
            </div>
            {x.bio ? <div className="record-sub">{x.bio}</div> : null}
            {x.strategy ? (
              <div className="record-sub">
                {t('copy.strategy')}
                {t('common:colon')}
                {x.strategy}
              </div>
            ) : null}
            <div className="record-sub">
              <span>{formatDateTime(x.applied_at)}</span>
              <span data-testid={`trader-row-${x.id}-state`}>{t(`copy.admin.state.${x.state}`)}</span>
            </div>
            {x.state === 'pending' ? (
              <DecisionButtons
                busy={busy}
                yes={{
                  label: t('copy.admin.approve'),
                  onClick: () => void approve(x),
                  testId: `trader-approve-${x.id}`,
                }}
                no={{
                  label: t('copy.admin.reject'),
                  onClick: () => setRejecting(x.id),
                  testId: `trader-reject-${x.id}`,
                }}
              />
            ) : (
              <p className="field-hint" data-testid={`trader-row-${x.id}-decision`}>
                {t('copy.admin.decided', { by: x.decided_by, at: formatDateTime(x.decided_at) })}
                {x.reason ? ` · ${t('copy.admin.reasonText', { reason: x.reason })}` : ''}
              </p>
            )}
          </article>
        )}
        empty={<EmptyBlock text={t('copy.admin.empty')} testId="traders-empty" />}
        testId="traders-list"
      />
      <ReasonPopup
        open={rejecting !== null}
        busy={busy}
        title={t('copy.admin.rejectTitle')}
        label={t('copy.admin.reason')}
        placeholder={t('copy.admin.reasonPlaceholder')}
        requiredText={t('copy.admin.reasonRequired')}
        confirmText={t('copy.admin.reject')}
        testId="trader-reject"
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && void decide(rejecting, 'reject', reason)}
      />
    </PageLayout>
  );
}
