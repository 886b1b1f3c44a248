import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { proofQuery, snapshotsQuery } from '../api.ts';
import { MyBalances } from '../components/MyBalances.tsx';
import { ReserveEvidence } from '../components/ReserveEvidence.tsx';
import { VerifyPanel } from '../components/VerifyPanel.tsx';
import type { Snapshot } from '../types.ts';
import '../reserves.css';

/** A refusal the server explained (its message is in the member's language) is said; a failed load offers a retry. */
function ProofFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.code > 0)
    return <EmptyBlock text={error.msg} testId="reserves-proof-refused" />;
  return <LoadFailed onRetry={onRetry} testId="reserves-proof-error" />;
}

/** One snapshot: the member's balances in it, the reserves against it, and the checks of both. */
function SnapshotView({ snapshot }: { snapshot: Snapshot }) {
  const proof = useQuery(proofQuery(snapshot.id));
  return (
    <>
      {proof.isPending && <LoadingBlock lines={5} testId="reserves-proof-loading" />}
      {proof.isError && <ProofFailed error={proof.error} onRetry={() => void proof.refetch()} />}
      {proof.data && <MyBalances proof={proof.data} />}
      <ReserveEvidence snapshot={snapshot} />
      {proof.data && <VerifyPanel snapshot={snapshot} proof={proof.data} />}
    </>
  );
}

/** `/pages/personal/reserves`: proof of reserves, checked in the member's own browser. */
export default function ReservesPage() {
  const { t } = useTranslation('reserves');
  const list = useQuery(snapshotsQuery);
  const [chosen, setChosen] = useState('');
  const snapshots = list.data?.list ?? [];
  const snapshot = snapshots.find((s) => s.id === chosen) ?? snapshots[0];
  let body = null;
  if (list.isPending) body = <LoadingBlock lines={8} testId="reserves-loading" />;
  else if (list.isError) body = <LoadFailed onRetry={() => void list.refetch()} testId="reserves-error" />;
  else if (!snapshot) body = <EmptyBlock text={t('empty')} testId="reserves-empty" />;
  else
    body = (
      <>
        {snapshots.length > 1 && (
          <FilterChips
            options={snapshots.map((s) => ({
              key: s.id,
              label: t('snapshot', { id: s.id, date: formatDate(s.taken_at) }),
            }))}
            value={snapshot.id}
            onChange={setChosen}
            label={t('choose')}
            testId="reserves-snapshots"
          />
        )}
        <SnapshotView key={snapshot.id} snapshot={snapshot} />
      </>
    );
  return (
    <PageLayout title={t('routes:/pages/personal/reserves')} testId="reserves-page">
      <p className="field-hint page-section" data-testid="reserves-intro">
        {t('intro')}
      </p>
      {body}
    </PageLayout>
  );
}
