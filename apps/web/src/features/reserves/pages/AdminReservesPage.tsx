import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { confirmDialog, showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSubmissionKey } from '../../../lib/submissionKey.ts';
import { useStepUp } from '../../admin/stepUp.tsx';
import { minorToDecimal } from '../amounts.ts';
import { adminSnapshotsQuery, reservesKeys, snapshotNow } from '../api.ts';
import { Hash, shortHash } from '../components/Hash.tsx';
import { RatioText } from '../components/ReserveEvidence.tsx';
import type { AdminSnapshot } from '../types.ts';
import '../reserves.css';

const STATE_COLOR = { building: 'warning', published: 'success', refused: 'danger' } as const;

/** The anchor transaction, linked to the explorer when the platform names one. */
function AnchorTx({ snapshot }: { snapshot: AdminSnapshot }) {
  const { t } = useTranslation('reserves');
  if (!snapshot.anchor_tx) return <span>{t('evidence.notAnchored')}</span>;
  const url = snapshot.explorer?.tx_url;
  if (!url) return <Hash value={snapshot.anchor_tx} />;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={snapshot.anchor_tx}>
      {shortHash(snapshot.anchor_tx)}
    </a>
  );
}

/** One figure of a snapshot: its label, the language's colon, the value. */
function Line({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId}>
      {label}
      {t('common:colon')}
      {children}
    </span>
  );
}

function SnapshotRow({ snapshot: s }: { snapshot: AdminSnapshot }) {
  const { t } = useTranslation('reserves');
  return (
    <div className="reserves-admin-row" data-testid={`admin-reserves-${s.id}`} data-state={s.state}>
      <div className="top">
        <strong>{t('snapshot', { id: s.id, date: formatDateTime(s.taken_at) })}</strong>
        <Tag color={STATE_COLOR[s.state]} data-testid={`admin-reserves-${s.id}-state`}>
          {t(`admin.state.${s.state}`)}
        </Tag>
      </div>
      {s.block !== null && <span>{t('admin.block', { block: s.block })}</span>}
      {s.total !== null && (
        <Line label={t('evidence.liabilities')}>
          <Money value={minorToDecimal(s.total)} asset="USDT" testId={`admin-reserves-${s.id}-total`} />
        </Line>
      )}
      {s.state !== 'building' && (
        <Line label={t('evidence.reserves')}>
          <Money value={minorToDecimal(s.reserves.total)} asset="USDT" />
        </Line>
      )}
      {s.state === 'published' && (
        <>
          <Line label={t('evidence.ratio')} testId={`admin-reserves-${s.id}-ratio`}>
            <RatioText bp={s.ratio_bp} />
          </Line>
          <Line label={t('evidence.anchor')}>
            <AnchorTx snapshot={s} />
          </Line>
        </>
      )}
      {s.problem !== '' && (
        <span className="reserves-problem" data-testid={`admin-reserves-${s.id}-problem`}>
          {s.problem}
        </span>
      )}
      {s.duration_ms !== null && (
        <span className="field-hint">
          {t('admin.figures', { count: s.leaves, seconds: (s.duration_ms / 1000).toFixed(1) })}
        </span>
      )}
    </div>
  );
}

/** `/pages/admin/reserves`: every snapshot with its state, figures and anchor, and a snapshot on demand. */
export default function AdminReservesPage() {
  const { t } = useTranslation('reserves');
  const queryClient = useQueryClient();
  const list = useQuery(adminSnapshotsQuery);
  const [starting, setStarting] = useState(false);
  const stepUp = useStepUp();
  const keys = useSubmissionKey();
  const takeNow = async () => {
    if (!(await confirmDialog(t('admin.nowConfirm')))) return;
    const totp = await stepUp();
    if (totp === null) return;
    setStarting(true);
    // A refusal (a missing right, a wrong code) has been shown by the API layer; a retry reuses the key.
    const started = await snapshotNow(keys.keyFor({}), totp).catch(() => null);
    setStarting(false);
    if (started) {
      keys.settled();
      showToast(t('admin.started'));
    }
    await queryClient.invalidateQueries({ queryKey: reservesKeys.admin });
  };
  let body = null;
  if (list.isPending) body = <LoadingBlock testId="admin-reserves-loading" />;
  else if (list.isError)
    body = <LoadFailed onRetry={() => void list.refetch()} testId="admin-reserves-error" />;
  else if (list.data.list.length === 0)
    body = <EmptyBlock text={t('admin.none')} testId="admin-reserves-empty" />;
  else
    body = (
      <div data-testid="admin-reserves-list">
        {list.data.list.map((s) => (
          <SnapshotRow key={s.id} snapshot={s} />
        ))}
      </div>
    );
  return (
    <PageLayout title={t('routes:/pages/admin/reserves')} testId="admin-reserves-page">
      <div className="form-actions">
        <Button
          block
          color="primary"
          loading={starting}
          onClick={() => void takeNow()}
          data-testid="admin-reserves-now"
        >
          {t('admin.now')}
        </Button>
      </div>
      {body}
    </PageLayout>
  );
}
