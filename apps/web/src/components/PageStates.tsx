import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateBlock } from './StateBlock.tsx';

/** A section still loading. */
export function LoadingBlock({ lines = 4, testId = 'state-loading' }: { lines?: number; testId?: string }) {
  return (
    <div className="page-section" data-testid={testId}>
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

/** A section that could not be loaded, with a retry. */
export function LoadFailed({ onRetry, testId = 'state-error' }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" data-testid={testId}>
      <StateBlock status="default" title={t('state.loadFailed')} description={t('state.loadFailedText')} />
      <Button color="primary" fill="outline" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('state.retry')}
      </Button>
    </div>
  );
}

/** An empty list or section. */
export function EmptyBlock({ text, testId = 'state-empty' }: { text?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-state" data-testid={testId}>
      <StateBlock status="empty" title={text ?? t('state.empty')} description="" />
    </div>
  );
}
