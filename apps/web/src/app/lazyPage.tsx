import { type ComponentType, lazy, Suspense, useState } from 'react';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageLoading } from './PageLoading.tsx';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * A lazily loaded page with the spec's display: nothing for 200 ms, then a loading indicator,
 * and an error with a retry button after 60 s or when the chunk fails to load.
 */
export function lazyPage(load: PageLoader): ComponentType {
  // React.lazy remembers a failed load; a retry needs a fresh one.
  let Page = lazy(load);
  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Page = lazy(load);
      setAttempt((n) => n + 1);
    };
    return (
      <PageErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading onRetry={retry} />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}
