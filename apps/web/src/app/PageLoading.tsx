import { LAZY_DELAY_MS, LAZY_TIMEOUT_MS } from '@mp/contract/web';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoadError } from './PageLoadError.tsx';

type Phase = 'waiting' | 'loading' | 'timedOut';

/** Suspense fallback for a lazy page: blank for 200 ms, then a loading display, then an error after 60 s. */
export function PageLoading({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('waiting');
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), LAZY_DELAY_MS);
    const fail = setTimeout(() => setPhase('timedOut'), LAZY_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(fail);
    };
  }, []);
  if (phase === 'waiting') return null;
  if (phase === 'timedOut') return <PageLoadError onRetry={onRetry} />;
  return (
    <div className="page-state" data-testid="page-loading" role="status">
      <DotLoading color="primary" />
      <span>{t('loading')}</span>
    </div>
  );
}
