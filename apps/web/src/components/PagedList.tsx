import { PAGE_SIZE_DEFAULT, PULL_THRESHOLD_PX } from '@mp/contract/web';
import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { PullStatus } from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Paged<T> = { list: T[]; page: number; pagesize: number; total: number };

type Props<T> = {
  queryKey: readonly unknown[];
  fetchPage: (page: number, pagesize: number) => Promise<Paged<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  pageSize?: number;
  testId?: string;
  /** Shown instead of the list when the first page is empty. */
  empty?: ReactNode;
  /** Refetch the loaded pages every so many ms while this says so (progress of running jobs); false to stop. */
  refreshEvery?: (items: T[]) => number | false;
};

/** The spec's list states; `data-state` on the list shows the current one to tests. */
export type ListState = 'idle' | 'pulling' | 'releasing' | 'loading' | 'no-more';

const PULL_STATE: Record<PullStatus, ListState> = {
  pulling: 'pulling',
  canRelease: 'releasing',
  refreshing: 'loading',
  complete: 'idle',
};

/** Pull-to-refresh (80 px) and load-more (10 per page) list over a paged call. */
export function PagedList<T>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  pageSize,
  testId = 'paged-list',
  empty,
  refreshEvery,
}: Props<T>) {
  const { t } = useTranslation();
  const size = pageSize ?? PAGE_SIZE_DEFAULT;
  const query = useInfiniteQuery({
    queryKey: [...queryKey, size],
    queryFn: ({ pageParam }) => fetchPage(pageParam, size),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pagesize < last.total ? last.page + 1 : undefined),
    refetchInterval: refreshEvery
      ? (q) => refreshEvery(q.state.data?.pages.flatMap((p) => p.list) ?? [])
      : undefined,
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  const hasMore = query.isPending ? false : query.hasNextPage;
  const tailState: ListState = query.isFetching ? 'loading' : hasMore ? 'idle' : 'no-more';

  const pullText: Record<PullStatus, string> = {
    pulling: t('list.pulling'),
    canRelease: t('list.release'),
    refreshing: t('list.loading'),
    complete: '',
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };

  return (
    <div data-testid={testId} data-state={tailState}>
      <PullToRefresh
        threshold={PULL_THRESHOLD_PX}
        onRefresh={async () => {
          await query.refetch();
        }}
        renderText={(status) => (
          <span data-testid="list-pull-state" data-state={PULL_STATE[status]}>
            {pullText[status]}
          </span>
        )}
      >
        {query.isError && items.length === 0 ? (
          <div className="page-state" data-testid={`${testId}-error`}>
            <button type="button" className="link-button" onClick={() => void query.refetch()}>
              {t('list.retry')}
            </button>
          </div>
        ) : null}
        {empty && query.isSuccess && items.length === 0 ? (
          <div data-testid={`${testId}-empty`}>{empty}</div>
        ) : null}
        {items.map((item) => (
          <div key={itemKey(item)}>{renderItem(item)}</div>
        ))}
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {(more, failed, retry) => (
            <div className="list-state" data-testid="list-state" data-state={tailState}>
              {failed ? (
                <button type="button" className="link-button" onClick={retry}>
                  {t('list.retry')}
                </button>
              ) : more || query.isFetching ? (
                t('list.loading')
              ) : (
                t('list.noMore')
              )}
            </div>
          )}
        </InfiniteScroll>
      </PullToRefresh>
    </div>
  );
}
