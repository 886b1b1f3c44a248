import { Button, Collapse, ImageViewer, Tag } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { type Enquiry, enquiryPicture } from '../api.ts';

const STATE_COLOR = { open: 'warning', answered: 'success', closed: 'default' } as const;

/** An enquiry's pictures, read (as data URLs) only when asked for. */
function EnquiryPictures({ id, count }: { id: number; count: number }) {
  const { t } = useTranslation('content');
  const [images, setImages] = useState<string[]>();
  const [open, setOpen] = useState<number>();
  if (count === 0) return null;
  if (!images)
    return (
      <Button
        size="mini"
        onClick={async () =>
          setImages(
            await Promise.all(
              Array.from({ length: count }, (_, i) => enquiryPicture(id, i + 1).then((p) => p.data_url)),
            ),
          )
        }
        data-testid={`enquiry-pictures-${id}`}
      >
        {t('cs.showPictures', { count })}
      </Button>
    );
  return (
    <div className="cs-pictures">
      {images.map((src, i) => (
        <button type="button" key={src.slice(-24)} className="cs-thumb" onClick={() => setOpen(i)}>
          <img src={src} alt={t('cs.pictureAlt', { n: i + 1 })} />
        </button>
      ))}
      <ImageViewer.Multi
        images={images}
        visible={open !== undefined}
        defaultIndex={open ?? 0}
        onClose={() => setOpen(undefined)}
      />
    </div>
  );
}

/** The first message and every reply after it, oldest first; the member's messages are signed `member`. */
function Conversation({ enquiry, member }: { enquiry: Enquiry; member: string }) {
  const { t, i18n } = useTranslation('content');
  const lang = i18n.language;
  return (
    <ol className="cs-conversation">
      <li className="cs-message from-member">
        <strong data-testid={`enquiry-author-${enquiry.id}`}>{member}</strong>{' '}
        <time>{formatDateTime(enquiry.created_at, lang as never)}</time>
        <p>{enquiry.message}</p>
      </li>
      {enquiry.replies.map((r) => (
        <li key={r.at + r.message.slice(0, 8)} className={`cs-message from-${r.from}`} data-testid="cs-reply">
          <strong>{r.from === 'support' ? t('cs.support') : member}</strong>{' '}
          <time>{formatDateTime(r.at, lang as never)}</time>
          <p>{r.message}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * One enquiry as a folding row (subject and state), opening on its conversation and pictures; `intro` goes above
 * the conversation and `actions` below it (the member's follow-up, the admin's reply box). `member` names who
 * wrote the member's messages: the admin reads their user ID, the member reads "You".
 */
export function EnquiryPanel({
  enquiry,
  testId,
  member,
  intro,
  actions,
}: {
  enquiry: Enquiry;
  testId: string;
  member?: string;
  intro?: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation('content');
  return (
    <Collapse>
      <Collapse.Panel
        key={String(enquiry.id)}
        title={
          <div className="cs-row" data-testid={testId}>
            <span className="cs-subject">{enquiry.subject}</span>
            <Tag color={STATE_COLOR[enquiry.state]} data-testid={`enquiry-state-${enquiry.id}`}>
              {t(`cs.states.${enquiry.state}`)}
            </Tag>
          </div>
        }
      >
        {intro}
        <Conversation enquiry={enquiry} member={member ?? t('cs.you')} />
        <EnquiryPictures id={enquiry.id} count={enquiry.pictures} />
        {actions}
      </Collapse.Panel>
    </Collapse>
  );
}
