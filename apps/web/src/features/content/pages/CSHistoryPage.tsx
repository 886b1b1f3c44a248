import { Button, List, Tabs, TextArea } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { type Enquiry, contentKeys, fetchEnquiries, followUp } from '../api.ts';
import { EnquiryPanel } from '../components/EnquiryPanel.tsx';
import '../content.css';

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
  const { t } = useTranslation('content');
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
            <EnquiryPanel enquiry={e} testId={`enquiry-${e.id}`} actions={<FollowUp enquiry={e} />} />
          )}
        />
      </List>
    </PageLayout>
  );
}
