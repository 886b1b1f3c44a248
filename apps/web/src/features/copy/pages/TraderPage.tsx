import { type ResponseOf, traderApply } from '@mp/contract';
import type { traderProfile } from '@mp/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Result, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { LoadingBlock } from '../../../components/PageStates.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { applyAsTrader, copyKeys, saveTraderProfile, traderProfileQuery } from '../api.ts';

type Values = { display_name: string; bio: string; strategy: string; agree?: boolean };
type Profile = ResponseOf<typeof traderProfile>;

/**
 * `/pages/personal/trader`: becoming a lead trader. Without an approved identity the member is sent to verify it;
 * then the application (display name, bio, strategy, the agreement), its review, a rejection's reason with a new
 * application, and an approved trader's profile to keep up to date.
 */
export default function TraderPage() {
  const { t } = useTranslation('trading');
  const { data: p } = useQuery(traderProfileQuery);
  const approved = p?.state === 'approved';
  const sending = useTraderSubmit(approved);

  return (
    <PageLayout title={t('routes:/pages/personal/trader')} testId="trader-page">
      {!p && <LoadingBlock />}
      {p && <TraderStatus p={p} />}
      {p && (p.kyc_approved || p.state !== 'none') && p.state !== 'pending' && (
        <TraderForm p={p} sending={sending} />
      )}
    </PageLayout>
  );
}

/** Sends the application, or an approved trader's profile, marking the fields a refusal names. */
function useTraderSubmit(approved: boolean) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const fields = { display_name: v.display_name, bio: v.bio ?? '', strategy: v.strategy ?? '' };
      const { msg } = approved
        ? await saveTraderProfile(fields)
        : await applyAsTrader({ ...fields, agree: Boolean(v.agree) });
      showToast(msg);
      await queryClient.invalidateQueries({ queryKey: copyKeys.profile });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { form, busy, submit };
}

/** Where the member stands: identity to verify first, application under review, rejected, or approved. */
function TraderStatus({ p }: { p: Profile }) {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const approved = p.state === 'approved';
  return (
    <>
      {!p.kyc_approved && p.state === 'none' && (
        <Result
          status="info"
          title={t('copy.kycTitle')}
          description={t('copy.kycText')}
          data-testid="trader-kyc"
        />
      )}
      {!p.kyc_approved && p.state === 'none' && (
        <div className="page-actions">
          <Button
            block
            color="primary"
            onClick={() => navigate('/pages/home/NameVerification')}
            data-testid="trader-kyc-go"
          >
            {t('copy.kycAction')}
          </Button>
        </div>
      )}
      {p.state === 'pending' && (
        <Result
          status="waiting"
          title={t('copy.pendingTitle')}
          description={t('copy.pendingText', { at: formatDateTime(p.applied_at) })}
          data-testid="trader-pending"
        />
      )}
      {p.state === 'rejected' && (
        <Result
          status="warning"
          title={t('copy.rejectedTitle')}
          description={t('copy.rejectedText', { reason: p.reason })}
          data-testid="trader-rejected"
        />
      )}
      {approved && (
        <Result
          status="success"
          title={t('copy.approvedTitle')}
          description={t('copy.approvedText')}
          data-testid="trader-approved"
        />
      )}
      {approved && (
        <p className="page-section">
          <Link to={`/pages/copy/trader?id=${p.id}`} data-testid="trader-public-page">
            {t('copy.publicPage')}
          </Link>
        </p>
      )}
    </>
  );
}

/** The application (with the agreement) or, once approved, the trader's profile. */
function TraderForm({ p, sending }: { p: Profile; sending: ReturnType<typeof useTraderSubmit> }) {
  const { t } = useTranslation('trading');
  const approved = p.state === 'approved';
  return (
    <Form
      key={`${p.state}-${p.display_name}`}
      form={sending.form}
      mode="card"
      initialValues={{ display_name: p.display_name, bio: p.bio, strategy: p.strategy }}
      onFinish={sending.submit}
      footer={
        <Button block type="submit" color="primary" loading={sending.busy} data-testid="trader-submit">
          {approved ? t('copy.save') : p.state === 'rejected' ? t('copy.applyAgain') : t('copy.apply')}
        </Button>
      }
    >
      <Form.Header>{approved ? t('copy.profile') : t('copy.applyTitle')}</Form.Header>
      {!approved && (
        <Form.Item>
          <p className="field-hint">{t('copy.intro')}</p>
        </Form.Item>
      )}
      <Form.Item
        name="display_name"
        label={t('copy.displayName')}
        rules={[zodRule(traderApply.request.shape.display_name, t('copy.displayName'))]}
      >
        <Input id="trader-name" data-testid="trader-name" maxLength={30} clearable />
      </Form.Item>
      <Form.Item name="bio" label={t('copy.bio')}>
        <TextArea id="trader-bio" data-testid="trader-bio" maxLength={500} showCount rows={3} />
      </Form.Item>
      <Form.Item name="strategy" label={t('copy.strategy')}>
        <TextArea
          id="trader-strategy"
          data-testid="trader-strategy"
          maxLength={500}
          showCount
          rows={3}
          placeholder={t('copy.strategyHint')}
        />
      </Form.Item>
      {!approved && (
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_r, v) =>
                v ? Promise.resolve() : Promise.reject(new Error(t('copy.agreeRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="trader-agree">{t('copy.agree')}</Checkbox>
        </Form.Item>
      )}
    </Form>
  );
}
