import { textFilter } from '@mp/contract/web';
import type { announcementSchema } from '@mp/contract';
import { Dialog, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedList } from '../../../components/PagedList.tsx';
import { fetchAnnouncements, homeKeys } from '../announcements-api.ts';
import { formatDate } from '../../../lib/format.ts';

type Announcement = z.infer<typeof announcementSchema>;

function showAnnouncement(item: Announcement, close: string) {
  Dialog.alert({
    title: item.title,
    content: (
      <div className="announcement-content" data-testid="announcement-content">
        {item.content}
      </div>
    ),
    confirmText: close,
  });
}

/** Announcements, newest first; tapping one shows its full text. */
export function AnnouncementList() {
  const { t, i18n } = useTranslation('home');
  return (
    <List header={t('announcements')} data-testid="announcements">
      <PagedList<Announcement>
        queryKey={[...homeKeys.announcements, i18n.language]}
        fetchPage={fetchAnnouncements}
        itemKey={(item) => item.id}
        testId="announcement-list"
        renderItem={(item) => (
          <List.Item
            clickable
            onClick={() => showAnnouncement(item, t('common:confirm'))}
            description={formatDate(item.created_at)}
            data-testid={`announcement-${item.id}`}
          >
            {textFilter(item.title)}
          </List.Item>
        )}
      />
    </List>
  );
}
