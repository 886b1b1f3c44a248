import { List, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { contentKeys, fetchNewsTitles } from '../api.ts';
import { ContentList } from '../components/ContentList.tsx';
import '../content.css';

/** All news, newest first; the search box looks through the titles (Home/getNewsTitle). */
export default function NewsListPage() {
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 300);
  const open = (id: number) => navigate(`/pages/home/HomeshowOneNews?id=${id}`);
  return (
    <PageLayout title={t('routes:/pages/home/HomegetAllNews')} testId="news-page">
      <div className="content-search">
        <SearchBar placeholder={t('search')} value={q} onChange={setQ} data-testid="news-search" />
      </div>
      {query ? (
        <List>
          <PagedList<{ id: number; title: string; published_at: string }>
            queryKey={[...contentKeys.list('news-titles', query)]}
            fetchPage={fetchNewsTitles(query)}
            itemKey={(n) => n.id}
            testId="news-titles"
            empty={<EmptyBlock text={t('noResults', { q: query })} />}
            renderItem={(n) => (
              <List.Item
                clickable
                onClick={() => open(n.id)}
                extra={formatDate(n.published_at, i18n.language as never)}
              >
                {n.title}
              </List.Item>
            )}
          />
        </List>
      ) : (
        <ContentList kind="news" onOpen={(n) => open(n.id)} testId="news-list" />
      )}
    </PageLayout>
  );
}
