import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import type { KycStatus as Status } from '../api.ts';

/** Step 3: sent, waiting for an admin. */
export function WaitingStep({ status }: { status: Status }) {
  const { t } = useTranslation('kyc');
  return (
    <section className="page-section" data-testid="kyc-waiting">
      <Result status="waiting" title={t('waiting.title')} description={t('waiting.text')} />
      <p className="field-hint kyc-submitted" data-testid="kyc-submitted-at">
        {t('submitted', { at: formatDateTime(status.submitted_at) })}
      </p>
    </section>
  );
}

/** Step 4: approved, or rejected with the admin's reason and a way to start again. */
export function ResultStep({ status, onRestart }: { status: Status; onRestart: () => void }) {
  const { t } = useTranslation('kyc');
  if (status.state === 'approved') {
    return (
      <section className="page-section" data-testid="kyc-approved">
        <Result status="success" title={t('result.approvedTitle')} description={t('result.approvedText')} />
      </section>
    );
  }
  return (
    <section className="page-section" data-testid="kyc-rejected">
      <Result
        status="error"
        title={t('result.rejectedTitle')}
        description={<span data-testid="kyc-reason">{t('result.reason', { reason: status.reason })}</span>}
      />
      <Button block color="primary" size="large" onClick={onRestart} data-testid="kyc-restart">
        {t('result.startAgain')}
      </Button>
    </section>
  );
}
