import { Button, List, SearchBar, Tabs, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { type AdminEnquiry, closeEnquiry, contentKeys, fetchAdminEnquiries, replyEnquiry } from '../api.ts';
import { EnquiryPanel } from '../components/EnquiryPanel.tsx';
import '../content.css';

function ReplyBox({ enquiry }: { enquiry: AdminEnquiry }) {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (enquiry.state === 'closed') return null;
  const done = () => client.invalidateQueries({ queryKey: contentKeys.admin });
  const send = async (close: boolean) => {
    setBusy(true);
    try {
      const { msg } = await replyEnquiry(enquiry.id, text.trim(), close);
      showToast(msg);
      setText('');
      await done();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cs-follow-up">
      <TextArea
        value={text}
        onChange={setText}
        rows={3}
        maxLength={4000}
        placeholder={t('admin.replyPlaceholder')}
        data-testid={`admin-reply-${enquiry.id}`}
      />
      <div className="admin-reply-actions">
        <Button
          size="small"
          color="primary"
          loading={busy}
          disabled={!text.trim()}
          onClick={() => send(false)}
          data-testid={`admin-reply-send-${enquiry.id}`}
        >
          {t('admin.reply')}
        </Button>
        <Button size="small" loading={busy} disabled={!text.trim()} onClick={() => send(true)}>
          {t('admin.replyAndClose')}
        </Button>
        <Button
          size="small"
          fill="outline"
          onClick={async () => {
            await closeEnquiry(enquiry.id);
            await done();
          }}
          data-testid={`admin-close-${enquiry.id}`}
        >
          {t('admin.close')}
        </Button>
      </div>
    </div>
  );
}

/** Customer enquiries: open ones as a queue (oldest first), then the rest; answer, close. */
export default function AdminEnquiriesPage() {
  const { t } = useTranslation('content');
  const [state, setState] = useState('open');
  const [member, setMember] = useState('');
  const userid = useDebounced(member.trim(), 300);
  return (
    <PageLayout title={t('routes:/pages/admin/enquiries')} testId="admin-enquiries-page">
      <Tabs activeKey={state} onChange={setState}>
        {['open', 'answered', 'closed', ''].map((s) => (
          <Tabs.Tab key={s} title={t(`cs.states.${s || 'all'}`)} />
        ))}
      </Tabs>
      <div className="content-search">
        <SearchBar
          placeholder={t('admin.member')}
          value={member}
          onChange={setMember}
          data-testid="admin-enquiries-member"
        />
      </div>
      <List>
        <PagedList<AdminEnquiry>
          queryKey={contentKeys.adminEnquiries(state, userid)}
          fetchPage={fetchAdminEnquiries(state, userid)}
          itemKey={(e) => e.id}
          testId="admin-enquiries"
          empty={<EmptyBlock text={t('empty')} />}
          renderItem={(e) => (
            <EnquiryPanel
              enquiry={e}
              testId={`admin-enquiry-${e.id}`}
              member={e.userid}
              intro={<p className="admin-note">{t('admin.from', { userid: e.userid, name: e.name })}</p>}
              actions={<ReplyBox enquiry={e} />}
            />
          )}
        />
      </List>
    </PageLayout>
  );
}
