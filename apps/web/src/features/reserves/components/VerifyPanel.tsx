import type { ReserveProof } from '@mp/contract/web';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { passed } from '../checks.ts';
import { saveProof } from '../download.ts';
import type { Snapshot } from '../types.ts';
import { useVerification } from '../useVerification.ts';
import { CheckList } from './CheckList.tsx';
import { ProofSteps } from './ProofSteps.tsx';

/** "Verify" runs the browser's checks and shows them with every step; "Download proof" saves the proof file. */
export function VerifyPanel({ snapshot, proof }: { snapshot: Snapshot; proof: ReserveProof }) {
  const { t } = useTranslation('reserves');
  const { verification, run } = useVerification(snapshot, proof);
  const done = verification.state === 'done' ? verification : null;
  const allPassed = done ? done.checks.every(passed) : false;
  return (
    <section className="page-section reserves-verify" data-testid="reserves-verify">
      <h2 className="section-title">{t('verify.title')}</h2>
      <p className="field-hint">{t('verify.intro')}</p>
      <div className="reserves-actions">
        <Button
          color="primary"
          loading={verification.state === 'running'}
          onClick={() => void run()}
          data-testid="reserves-verify-run"
        >
          {t('verify.run')}
        </Button>
        <Button fill="outline" onClick={() => saveProof(proof)} data-testid="reserves-download">
          {t('verify.download')}
        </Button>
      </div>
      {done && (
        <>
          <p
            className={allPassed ? 'reserves-verdict passed' : 'reserves-verdict failed'}
            data-testid="reserves-verdict"
            data-state={allPassed ? 'passed' : 'failed'}
            role="status"
          >
            {t(allPassed ? 'verify.allPassed' : 'verify.someFailed')}
          </p>
          <CheckList checks={done.checks} />
          <h3 className="section-title">{t('steps.title')}</h3>
          <ProofSteps result={done.result} columns={snapshot.columns} />
        </>
      )}
    </section>
  );
}
