import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionButtons } from '../../../components/DecisionButtons.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { decideAdjustment, fetchAdjustments, securityKeys } from '../security-api.ts';
import { useStepUp } from '../stepUp.tsx';
import '../admin.css';
import { Money } from '../../../components/Money.tsx';
import { decimalsOf, formatMoney } from '../../../lib/money.ts';

/** Balance adjustments above the two-person limit, waiting for a second admin to approve (or reject) them. */
export default function AdminAdjustmentsPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [busy, setBusy] = useState(false);

  const decide = async (id: string, action: 'approve' | 'reject', text: string) => {
    if (!(await confirmDialog(text))) return;
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    try {
      showToast((await decideAdjustment(id, action, totp)).msg);
    } catch {
      // The API client has shown the refusal (e.g. the admin asked for it, or another admin decided it).
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'adjustments'] });
    }
  };

  return (
    <PageLayout title={t('routes:/pages/admin/adjustments')} testId="admin-adjustments-page">
      <PagedList
        queryKey={securityKeys.adjustments('pending')}
        fetchPage={(page, pagesize) => fetchAdjustments('pending', page, pagesize)}
        itemKey={(a) => a.id}
        renderItem={(a) => (
          <article className="audit-row" data-testid={`adjustment-row-${a.id}`}>
            <p>
              <strong>{a.userid}</strong> · {a.wallet} ·{' '}
              <Money value={a.amount} asset={a.asset} signed exact />
            </p>
            <p className="field-hint">
              {t('admins.requestedBy', { by: a.requested_by, at: formatDateTime(a.requested_at) })} ·{' '}
              {a.reason}
            </p>
            <DecisionButtons
              busy={busy}
              yes={{
                label: t('admins.approve'),
                onClick: () =>
                  void decide(
                    a.id,
                    'approve',
                    t('admins.approveConfirm', {
                      userid: a.userid,
                      amount: formatMoney(a.amount, { decimals: decimalsOf(a.asset) }),
                      asset: a.asset,
                    }),
                  ),
                testId: `adjustment-approve-${a.id}`,
              }}
              no={{
                label: t('admins.reject'),
                onClick: () => void decide(a.id, 'reject', t('admins.rejectConfirm', { userid: a.userid })),
                testId: `adjustment-reject-${a.id}`,
              }}
            />
          </article>
        )}
        empty={<EmptyBlock text={t('admins.noAdjustments')} testId="adjustments-empty" />}
        testId="adjustments-list"
      />
    </PageLayout>
  );
}
