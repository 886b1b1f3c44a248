import { Button, Collapse, ImageViewer, List, Tabs, Tag, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type Enquiry, contentKeys, enquiryPicture, fetchEnquiries, followUp } from '../api.ts';
import '../content.css';

const STATE_COLOR = { open: 'warning', answered: 'success', closed: 'default' } as const;

/** An enquiry's pictures, read (as data URLs) only when asked for. */
export function EnquiryPictures({ id, count }: { id: number; count: number }) {
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

/** The first message and every reply after it, oldest first. */
export function Conversation({ enquiry, lang }: { enquiry: Enquiry; lang: string }) {
  const { t } = useTranslation('content');
  return (
    <ol className="cs-conversation">
      <li className="cs-message from-member">
        <strong>{t('cs.you')}</strong> <time>{formatDateTime(enquiry.created_at, lang as never)}</time>
        <p>{enquiry.message}</p>
      </li>
      {enquiry.replies.map((r) => (
        <li key={r.at + r.message.slice(0, 8)} className={`cs-message from-${r.from}`} data-testid="cs-reply">
          <strong>{r.from === 'support' ? t('cs.support') : t('cs.you')}</strong>{' '}
          <time>{formatDateTime(r.at, lang as never)}</time>
          <p>{r.message}</p>
        </li>
      ))}
    </ol>
  );
}

function FollowUp({ enquiry }: { enquiry: Enquiry }) {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (enquiry.state === 'closed') return <p className="cs-closed-note">{t('cs.closedNote')}</p>;
  return (
    <div className="cs-follow-up">
      <TextArea
        value={text}
        onChange={setText}
        rows={2}
        maxLength={4000}
        placeholder={t('cs.followUp')}
        data-testid={`cs-follow-up-${enquiry.id}`}
      />
      <Button
        size="small"
        color="primary"
        loading={busy}
        disabled={!text.trim()}
        onClick={async () => {
          setBusy(true);
          try {
            await followUp(enquiry.id, text.trim());
            setText('');
            await client.invalidateQueries({ queryKey: contentKeys.enquiries });
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('cs.sendReply')}
      </Button>
    </div>
  );
}

/** My enquiries by state, each with its conversation and pictures. */
export default function CSHistoryPage() {
  const { t, i18n } = useTranslation('content');
  const navigate = useNavigate();
  const [state, setState] = useState('');
  return (
    <PageLayout
      title={t('routes:/pages/personal/CSHistory')}
      testId="cs-history-page"
      right={
        <button
          type="button"
          className="nav-action"
          onClick={() => navigate('/pages/personal/CustomerService')}
          data-testid="cs-new"
        >
          +
        </button>
      }
    >
      <Tabs activeKey={state} onChange={setState}>
        {['', 'open', 'answered', 'closed'].map((s) => (
          <Tabs.Tab key={s} title={t(`cs.states.${s || 'all'}`)} />
        ))}
      </Tabs>
      <List>
        <PagedList<Enquiry>
          queryKey={[...contentKeys.enquiries, state]}
          fetchPage={fetchEnquiries(state)}
          itemKey={(e) => e.id}
          testId="cs-history"
          empty={<EmptyBlock text={t('empty')} />}
          renderItem={(e) => (
            <Collapse key={e.id}>
              <Collapse.Panel
                key={String(e.id)}
                title={
                  <div className="cs-row" data-testid={`enquiry-${e.id}`}>
                    <span className="cs-subject">{e.subject}</span>
                    <Tag color={STATE_COLOR[e.state]} data-testid={`enquiry-state-${e.id}`}>
                      {t(`cs.states.${e.state}`)}
                    </Tag>
                  </div>
                }
              >
                <Conversation enquiry={e} lang={i18n.language} />
                <EnquiryPictures id={e.id} count={e.pictures} />
                <FollowUp enquiry={e} />
              </Collapse.Panel>
            </Collapse>
          )}
        />
      </List>
    </PageLayout>
  );
}
