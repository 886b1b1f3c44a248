import { useQuery } from '@tanstack/react-query';
import { Button, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadFailed, LoadingBlock } from '../../../components/PageStates.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { showToast } from '../../../lib/feedback.ts';
import { invitationQuery } from '../api.ts';
import '../network.css';

function canShare(): boolean {
  return typeof navigator.share === 'function';
}

function useShareActions() {
  const { t } = useTranslation('network');
  const copy = async (text: string) => {
    showToast((await copyText(text)) ? t('common:copied') : t('invite.copyFailed'));
  };
  const share = async (url: string) => {
    try {
      await navigator.share({ title: t('invite.shareTitle'), text: t('invite.shareText'), url });
    } catch (e) {
      // Closing the share sheet is not a failure.
      if (!(e instanceof DOMException && e.name === 'AbortError')) showToast(t('invite.shareFailed'));
    }
  };
  return { copy, share };
}

/** One registration link with its copy and share buttons. */
function InviteLink({ title, url, testId }: { title: string; url: string; testId: string }) {
  const { t } = useTranslation('network');
  const { copy, share } = useShareActions();
  return (
    <section className="invite-link" data-testid={testId}>
      <h3>{title}</h3>
      <span className="invite-link-text" data-testid={`${testId}-url`}>
        {url}
      </span>
      <div className="invite-link-actions">
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => copy(url)}
          data-testid={`${testId}-copy`}
        >
          {t('common:copy')}
        </Button>
        {canShare() ? (
          <Button size="small" color="primary" onClick={() => share(url)} data-testid={`${testId}-share`}>
            {t('invite.share')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** The member's invitation: QR code, code and links (any side, left, right) to copy or share. */
export default function InviteFriendPage() {
  const { t } = useTranslation('network');
  const invitation = useQuery(invitationQuery);
  const { copy } = useShareActions();
  const inv = invitation.data;
  return (
    <PageLayout title={t('routes:/pages/personal/InviteFriend')} testId="invite-page">
      <PullToRefresh
        onRefresh={async () => {
          await invitation.refetch();
        }}
        pullingText={t('common:list.pulling')}
        canReleaseText={t('common:list.release')}
        refreshingText={t('common:list.loading')}
        completeText=""
      >
        {invitation.isPending ? <LoadingBlock lines={6} testId="invite-loading" /> : null}
        {invitation.isError ? (
          <LoadFailed onRetry={() => void invitation.refetch()} testId="invite-error" />
        ) : null}
        {inv ? (
          <>
            <section className="invite-card" data-testid="invite-card">
              <img
                className="invite-qr"
                src={inv.qr_data_url}
                alt={t('invite.qrAlt')}
                data-testid="invite-qr"
              />
              <span className="field-hint">{t('invite.scan')}</span>
              <span className="field-hint">{t('invite.code')}</span>
              <span className="invite-code" data-testid="invite-code">
                {inv.code}
              </span>
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => copy(inv.code)}
                data-testid="invite-code-copy"
              >
                {t('invite.copyCode')}
              </Button>
            </section>
            <InviteLink title={t('invite.link')} url={inv.link} testId="invite-link" />
            <InviteLink title={t('invite.leftLink')} url={inv.left_link} testId="invite-left" />
            <InviteLink title={t('invite.rightLink')} url={inv.right_link} testId="invite-right" />
            <p className="field-hint page-section">{t('invite.hint')}</p>
          </>
        ) : null}
      </PullToRefresh>
    </PageLayout>
  );
}
