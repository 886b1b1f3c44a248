import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { articleQuery, countReading } from '../api.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import '../content.css';

/**
 * One opening counts one read: the page may mount twice for one opening (a translation or a lazy part loading
 * suspends it), so a count asked for the same article within 2 s is the same request.
 */
const counting = new Map<string, ReturnType<typeof countReading>>();
function countOnce(id: string) {
  let pending = counting.get(id);
  if (!pending) {
    pending = countReading(id);
    counting.set(id, pending);
    setTimeout(() => counting.delete(id), 2000);
  }
  return pending;
}

/** One article (news, announcement, promotion, training…): counted as read once per opening. */
export default function ArticlePage({ route = '/pages/home/HomeshowOneNews' }: { route?: string }) {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({ ...articleQuery(id), enabled: Boolean(id) });
  const [reads, setReads] = useState<number>();
  useEffect(() => {
    if (!id) return;
    countOnce(id)
      .then((r) => setReads(r.click_count))
      .catch(() => {});
  }, [id]);
  return (
    <PageLayout title={query.data?.title ?? t(`routes:${route}`)} testId="article-page">
      {query.isPending && id ? <LoadingBlock /> : null}
      {query.isError || !id ? <LoadFailed onRetry={() => query.refetch()} /> : null}
      {query.data ? <ArticleView article={query.data} reads={reads} /> : null}
    </PageLayout>
  );
}
