import type { ContentKind } from '@mp/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDate } from '../../../lib/format.ts';
import { type ContentSummary, contentKeys, fetchContent } from '../api.ts';

type Props = {
  kind: ContentKind;
  q?: string;
  onOpen: (item: ContentSummary) => void;
  /** What a row shows on the right (the date by default). */
  extra?: (item: ContentSummary) => string;
  testId?: string;
};

/** A kind's published items as a pull-to-refresh list: picture, title, summary, date. */
export function ContentList({ kind, q = '', onOpen, extra, testId = 'content-list' }: Props) {
  const { t, i18n } = useTranslation('content');
  return (
    <List className="content-list">
      <PagedList<ContentSummary>
        queryKey={contentKeys.list(kind, q)}
        fetchPage={fetchContent(kind, q)}
        itemKey={(item) => item.id}
        testId={testId}
        empty={<EmptyBlock text={q ? t('noResults', { q }) : t('empty')} />}
        renderItem={(item) => (
          <List.Item
            clickable
            onClick={() => onOpen(item)}
            prefix={
              item.image_url ? (
                <img className="content-thumb" src={item.image_url} alt="" loading="lazy" />
              ) : undefined
            }
            description={<span className="content-summary">{item.summary}</span>}
            extra={extra ? extra(item) : formatDate(item.published_at, i18n.language as never)}
            data-testid={`content-item-${item.id}`}
          >
            {item.title}
          </List.Item>
        )}
      />
    </List>
  );
}
