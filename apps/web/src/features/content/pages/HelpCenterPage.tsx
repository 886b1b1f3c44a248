import { useQuery } from '@tanstack/react-query';
import { Collapse, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { type ContentSummary, articleQuery, contentKeys, fetchContent } from '../api.ts';
import { SafeHtml } from '../components/ArticleView.tsx';
import '../content.css';

function Answer({ id }: { id: number }) {
  const { data } = useQuery(articleQuery(String(id)));
  if (!data) return <LoadingBlock lines={2} />;
  return <SafeHtml html={data.body_html} testId={`help-answer-${id}`} />;
}

/** Questions by category, searchable; an answer opens in place. */
export default function HelpCenterPage() {
  const { t } = useTranslation('content');
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 300);
  const list = useQuery({
    queryKey: contentKeys.list('help', query),
    queryFn: () => fetchContent('help', query)(1, 100),
  });
  const groups = new Map<string, ContentSummary[]>();
  for (const item of list.data?.list ?? []) {
    const key = item.category || '—';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return (
    <PageLayout title={t('routes:/pages/home/HelpCenter')} testId="help-page">
      <div className="content-search">
        <SearchBar placeholder={t('search')} value={q} onChange={setQ} data-testid="help-search" />
      </div>
      {list.isPending ? <LoadingBlock /> : null}
      {list.isError ? <LoadFailed onRetry={() => list.refetch()} /> : null}
      {list.data && list.data.list.length === 0 ? (
        <EmptyBlock text={query ? t('noResults', { q: query }) : t('empty')} />
      ) : null}
      {[...groups.entries()].map(([category, items]) => (
        <section key={category} className="help-group" data-testid="help-group">
          <h2 className="help-category">{category}</h2>
          <Collapse accordion>
            {items.map((item) => (
              <Collapse.Panel
                key={String(item.id)}
                title={item.title}
                data-testid={`help-question-${item.id}`}
              >
                <Answer id={item.id} />
              </Collapse.Panel>
            ))}
          </Collapse>
        </section>
      ))}
    </PageLayout>
  );
}
