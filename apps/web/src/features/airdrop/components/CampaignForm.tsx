import { PLATFORM_TOKEN, formatAmount } from '@mp/contract/web';
import { adminAirdropCampaign } from '@mp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../../components/FilterChips.tsx';
import { Money } from '../../../components/Money.tsx';
import { showToast } from '../../../lib/feedback.ts';
import { decimalsOf, parseMoneyInput } from '../../../lib/money.ts';
import { useSubmissionKey } from '../../../lib/submissionKey.ts';
import { amountRule, issueText, showFieldErrors, zodRule } from '../../../lib/validate.ts';
import { ConfirmPopup } from '../../admin/components/ConfirmPopup.tsx';
import { useStepUp } from '../../admin/stepUp.tsx';
import { airdropKeys, createCampaign } from '../api.ts';

type Values = { name: string; amount_each: string; userids?: string };
type Audience = 'list' | 'all';
type Request = { name: string; amount_each: string; userids?: string; all_members?: true };
/** The request under review, with what the confirmation shows (total only for a list of members). */
type Review = { request: Request; count: number; total: string };
type CampaignFormInstance = ReturnType<typeof Form.useForm<Values>>[0];

const shape = adminAirdropCampaign.request.shape;
const ASSET = PLATFORM_TOKEN;
const DECIMALS = decimalsOf(ASSET);

/** The distinct usernames in what was pasted (commas, spaces or new lines between them), as the server reads them. */
export function splitUserids(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** Starts an airdrop campaign from the airdrop pool: the same amount to each listed member, or to every member. */
export function CampaignForm() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [audience, setAudience] = useState<Audience>('list');
  const { pending, setPending, busy, review, send } = useCampaignSubmit(form, audience);

  return (
    <>
      <Form
        form={form}
        onFinish={review}
        data-testid="airdrop-form"
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="airdrop-submit">
            {t('airdrop.submit')}
          </Button>
        }
      >
        <Form.Header>{t('airdrop.new')}</Form.Header>
        <Form.Item name="name" label={t('airdrop.name')} rules={[zodRule(shape.name, 'name')]}>
          <Input id="airdrop-name" data-testid="airdrop-name" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="amount_each"
          label={t('airdrop.amountEachOf', { asset: ASSET })}
          rules={[amountRule({ decimals: DECIMALS, asset: ASSET })]}
        >
          <Input id="airdrop-amount" data-testid="airdrop-amount" inputMode="decimal" placeholder="0.00" />
        </Form.Item>
        <Form.Item label={t('airdrop.recipients')}>
          <FilterChips
            options={[
              { key: 'list', label: t('airdrop.toList') },
              { key: 'all', label: t('airdrop.toAll') },
            ]}
            value={audience}
            onChange={setAudience}
            label={t('airdrop.recipients')}
            testId="airdrop-audience"
          />
        </Form.Item>
        {audience === 'list' ? (
          <Form.Item
            name="userids"
            label={t('airdrop.userids')}
            description={<span className="field-hint">{t('airdrop.useridsHelp')}</span>}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (splitUserids(typeof value === 'string' ? value : '').length === 0)
                    throw new Error(issueText('field_required', 'userids'));
                },
              },
            ]}
          >
            <TextArea
              id="airdrop-userids"
              data-testid="airdrop-userids"
              rows={4}
              autoSize={{ maxRows: 10 }}
            />
          </Form.Item>
        ) : null}
      </Form>
      <ConfirmPopup
        visible={pending !== null}
        title={t('airdrop.confirmTitle')}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setPending(null)}
        testId="airdrop-confirm"
      >
        {pending ? <CampaignEffect pending={pending} /> : null}
      </ConfirmPopup>
    </>
  );
}

/** The form's campaign held for confirmation (`review`), then started with a step-up code (`send`). */
function useCampaignSubmit(form: CampaignFormInstance, audience: Audience) {
  const stepUp = useStepUp();
  const queryClient = useQueryClient();
  const keys = useSubmissionKey();
  const [pending, setPending] = useState<Review | null>(null);
  const [busy, setBusy] = useState(false);

  const review = (v: Values) => {
    const parsed = parseMoneyInput(v.amount_each, DECIMALS);
    if (!parsed.ok) return;
    const base = { name: v.name.trim(), amount_each: formatAmount(parsed.value, DECIMALS) };
    if (audience === 'all') {
      setPending({ request: { ...base, all_members: true }, count: 0, total: '0' });
      return;
    }
    const userids = splitUserids(v.userids ?? '');
    const total = formatAmount(parsed.value * BigInt(userids.length), DECIMALS);
    setPending({ request: { ...base, userids: userids.join(',') }, count: userids.length, total });
  };

  const send = async () => {
    if (!pending) return;
    // Step-up: a fresh authenticator code when the admin's two-factor is on (not part of the idempotent request).
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    try {
      // Confirming the same campaign again (after a timeout or refusal) keeps its key: one job at most.
      const { request } = pending;
      const { msg } = await createCampaign({
        ...request,
        idempotency_key: keys.keyFor(request),
        ...(totp ? { totp } : {}),
      });
      keys.settled();
      showToast(msg);
      setPending(null);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: airdropKeys.campaigns });
    } catch (error) {
      setPending(null);
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { pending, setPending, busy, review, send };
}

/** What the confirmation will do: to whom, how much each, and the total for a list of members. */
function CampaignEffect({ pending }: { pending: Review }) {
  const { t } = useTranslation('admin');
  const all = pending.request.all_members === true;
  return (
    <p data-testid="airdrop-confirm-effect">
      {all
        ? t('airdrop.effectAll', { name: pending.request.name })
        : t('airdrop.effectList', { name: pending.request.name, count: pending.count })}{' '}
      <Money value={pending.request.amount_each} asset={ASSET} testId="airdrop-confirm-each" />
      {all ? null : (
        <>
          {' · '}
          {t('airdrop.total')} <Money value={pending.total} asset={ASSET} testId="airdrop-confirm-total" />
        </>
      )}
    </p>
  );
}
