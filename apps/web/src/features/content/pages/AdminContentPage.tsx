import { CONTENT_KINDS } from '@mp/contract/web';
import { Button, List, SearchBar, Selector, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { type AdminContentRow, contentKeys, fetchAdminContent } from '../api.ts';
import '../content.css';

const STATE_COLOR = { draft: 'default', published: 'success', scheduled: 'primary' } as const;

/** The CMS: every kind of content, its state, and the translations each item still lacks. */
export default function AdminContentPage() {
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const [kind, setKind] = useState<string>('news');
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 300);
  return (
    <PageLayout
      title={t('routes:/pages/admin/content')}
      testId="admin-content-page"
      right={
        <Button
          size="mini"
          color="primary"
          onClick={() => navigate(`/pages/admin/contentedit?kind=${kind}`)}
          data-testid="content-new"
        >
          {t('admin.new')}
        </Button>
      }
    >
      <div className="admin-content-kinds">
        <Selector
          columns={3}
          options={CONTENT_KINDS.map((k) => ({ label: t(`admin.kinds.${k}`), value: k }))}
          value={[kind]}
          onChange={(v) => v[0] && setKind(v[0])}
          data-testid="content-kinds"
        />
      </div>
      <div className="content-search">
        <SearchBar placeholder={t('search')} value={q} onChange={setQ} />
      </div>
      <List>
        <PagedList<AdminContentRow>
          queryKey={contentKeys.adminList(kind, query)}
          fetchPage={fetchAdminContent(kind, query)}
          itemKey={(r) => r.id}
          testId="admin-content-list"
          empty={<EmptyBlock text={t('empty')} />}
          renderItem={(r) => (
            <List.Item
              clickable
              onClick={() => navigate(`/pages/admin/contentedit?id=${r.id}`)}
              prefix={
                r.image_url ? (
                  <img className="content-thumb" src={r.image_url} alt="" loading="lazy" />
                ) : undefined
              }
              description={
                <span className="admin-content-meta">
                  <Tag color={STATE_COLOR[r.state]} data-testid={`content-state-${r.id}`}>
                    {t(`admin.states.${r.state}`)}
                  </Tag>{' '}
                  {formatDateTime(r.publish_at, i18n.language as never)}
                  {r.missing.length ? (
                    <Tag color="warning" fill="outline" data-testid={`content-missing-${r.id}`}>
                      {t('admin.missing', { langs: r.missing.join(', ') })}
                    </Tag>
                  ) : null}
                </span>
              }
              extra={t('read', { count: r.click_count })}
              data-testid={`content-row-${r.id}`}
            >
              {r.title}
            </List.Item>
          )}
        />
      </List>
    </PageLayout>
  );
}
