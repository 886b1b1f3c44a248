import type { VerifyResult } from '@mp/contract/web';
import { useTranslation } from 'react-i18next';
import { Hash } from './Hash.tsx';
import { Sums } from './Sums.tsx';

/**
 * Every hash the browser computed, bottom-up: the member's leaf, then at each level the sibling the proof gave and the
 * node computed from the two, up to the root (compared with the published one in the inclusion check).
 */
export function ProofSteps({ result, columns }: { result: VerifyResult; columns: string[] }) {
  const { t } = useTranslation('reserves');
  if (!result.leaf) return null;
  return (
    <ol className="reserves-steps" data-testid="reserves-steps">
      <li data-testid="reserves-step-leaf">
        <strong>{t('steps.leaf')}</strong>
        <span>
          {t('steps.memberHash')} <Hash value={result.leaf.member_hash} />
        </span>
        <span>
          {t('steps.hash')} <Hash value={result.leaf.hash} testId="reserves-leaf-hash" />
        </span>
        <Sums columns={columns} sums={result.leaf.sums} />
      </li>
      {result.steps.map((step) => (
        <li key={step.level} data-testid={`reserves-step-${step.level}`}>
          <strong>{t('steps.level', { level: step.level, side: t(`steps.side.${step.side}`) })}</strong>
          <span>
            {t('steps.sibling')} <Hash value={step.sibling.hash} />
          </span>
          <Sums columns={columns} sums={step.sibling.sums} />
          <span>
            {t('steps.computed')} <Hash value={step.hash} testId={`reserves-step-${step.level}-hash`} />
          </span>
          <Sums columns={columns} sums={step.sums} />
        </li>
      ))}
    </ol>
  );
}
