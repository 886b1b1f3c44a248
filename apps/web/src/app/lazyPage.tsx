import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { PageLoading } from './PageLoading.tsx';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

// React.lazy remembers a failed load, so a retry replaces the cached component with a fresh one.
const pages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

function lazyFor(load: PageLoader): LazyExoticComponent<ComponentType> {
  let page = pages.get(load);
  if (!page) {
    page = lazy(load);
    pages.set(load, page);
  }
  return page;
}

/**
 * A lazily loaded page with the spec's display: nothing for 200 ms, then a loading indicator,
 * and an error with a retry button after 60 s or when the chunk fails to load.
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyFor(load);
  const retry = () => {
    pages.set(load, lazy(load));
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
