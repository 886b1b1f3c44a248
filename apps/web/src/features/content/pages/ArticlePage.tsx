import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { articleQuery, countReading } from '../api.ts';
import { ArticleView } from '../components/ArticleView.tsx';
import '../content.css';

/** One article (news, announcement, promotion, training…): counted as read once per opening. */
export default function ArticlePage({ route = '/pages/home/HomeshowOneNews' }: { route?: string }) {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({ ...articleQuery(id), enabled: Boolean(id) });
  const [reads, setReads] = useState<number>();
  useEffect(() => {
    if (!id) return;
    countReading(id)
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
