import { Button, Form, Input, List, Radio, Space, Switch } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/Money.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../lib/feedback.ts';
import { adminKeys, savePayoutSettings } from '../api.ts';
import { useStepUp } from '../stepUp.tsx';
import type { PayoutNetwork, PayoutSettings } from '../types.ts';

type NetworkDraft = Pick<PayoutNetwork, 'code' | 'enabled' | 'mode'>;
type LimitName =
  | 'limit_per_withdrawal_usdt'
  | 'limit_daily_usdt'
  | 'two_person_threshold_usdt'
  | 'wait_alert_hours';
type Draft = { networks: NetworkDraft[] } & Record<LimitName, string>;

/** The limit fields in the order shown, with their label keys and whether they hold money or hours. */
const LIMITS: { name: LimitName; label: string; mode: 'decimal' | 'numeric' }[] = [
  { name: 'limit_per_withdrawal_usdt', label: 'payouts.perWithdrawal', mode: 'decimal' },
  { name: 'limit_daily_usdt', label: 'payouts.daily', mode: 'decimal' },
  { name: 'two_person_threshold_usdt', label: 'payouts.threshold', mode: 'decimal' },
  { name: 'wait_alert_hours', label: 'payouts.waitAlert', mode: 'numeric' },
];

const draftOf = (s: PayoutSettings): Draft => ({
  networks: s.networks.map(({ code, enabled, mode }) => ({ code, enabled, mode })),
  limit_per_withdrawal_usdt: s.limit_per_withdrawal_usdt,
  limit_daily_usdt: s.limit_daily_usdt,
  two_person_threshold_usdt: s.two_person_threshold_usdt,
  wait_alert_hours: String(s.wait_alert_hours),
});

/**
 * The settings as a form: read-only unless `canSave` (the owner). Saving asks the step-up code; the server's
 * refusal shows by the fields it names (a network's problem under the networks), anything else above Save.
 */
export function PayoutSettingsForm({ settings, canSave }: { settings: PayoutSettings; canSave: boolean }) {
  const { t } = useTranslation('admin');
  const { draft, setNetwork, setLimit, errors, busy, save } = usePayoutDraft(settings);
  const networksError = Object.entries(errors).find(([field]) => field.startsWith('networks'))?.[1];
  return (
    <Form
      layout="vertical"
      data-testid="payouts-form"
      footer={
        canSave ? (
          <>
            {errors[''] ? (
              <p className="field-error" role="alert" data-testid="payouts-save-error">
                {errors['']}
              </p>
            ) : null}
            <Button
              block
              color="primary"
              loading={busy}
              onClick={() => void save()}
              data-testid="payouts-save"
            >
              {t('payouts.save')}
            </Button>
          </>
        ) : (
          <p className="field-hint" data-testid="payouts-read-only">
            {t('payouts.readOnly')}
          </p>
        )
      }
    >
      <p className="field-hint page-section">{t('payouts.intro')}</p>
      <Form.Header>{t('payouts.networks')}</Form.Header>
      {settings.networks.map((n, i) => (
        <NetworkField
          key={n.code}
          network={n}
          value={draft.networks[i] ?? n}
          readOnly={!canSave}
          onChange={(v) => setNetwork(i, v)}
        />
      ))}
      {networksError ? (
        <p className="field-error page-section" role="alert" data-testid="payouts-networks-error">
          {networksError}
        </p>
      ) : null}
      <Form.Header>{t('payouts.limits')}</Form.Header>
      <p className="field-hint page-section">{t('payouts.limitsHint')}</p>
      <List>
        <List.Item
          extra={<Money value={settings.paid_automatically_today} asset="USDT" testId="payouts-paid-today" />}
        >
          {t('payouts.paidToday')}
        </List.Item>
      </List>
      {LIMITS.map((l) => (
        <Form.Item
          key={l.name}
          label={t(l.label)}
          description={
            errors[l.name] ? (
              <span className="field-error" data-testid={`payouts-${l.name}-error`}>
                {errors[l.name]}
              </span>
            ) : undefined
          }
        >
          <Input
            id={`payouts-${l.name}`}
            data-testid={`payouts-${l.name}`}
            value={draft[l.name]}
            onChange={(v) => setLimit(l.name, v)}
            inputMode={l.mode}
            readOnly={!canSave}
          />
        </Form.Item>
      ))}
    </Form>
  );
}

/** One network: open for withdrawals or not, and paid automatically (only with a hot wallet on it) or by hand. */
function NetworkField({
  network,
  value,
  readOnly,
  onChange,
}: {
  network: PayoutNetwork;
  value: NetworkDraft;
  readOnly: boolean;
  onChange: (v: NetworkDraft) => void;
}) {
  const { t } = useTranslation('admin');
  const id = `payouts-network-${network.code}`;
  return (
    <Form.Item
      label={network.name}
      data-testid={id}
      description={
        network.automatic_available ? undefined : (
          <span className="field-hint" data-testid={`${id}-no-automatic`}>
            {t('payouts.noAutomatic')}
          </span>
        )
      }
    >
      <Space direction="vertical">
        <Space align="center">
          <Switch
            checked={value.enabled}
            disabled={readOnly}
            onChange={(enabled) => onChange({ ...value, enabled })}
            data-testid={`${id}-enabled`}
            aria-label={`${network.name}: ${t('payouts.enabled')}`}
          />
          <span>{t('payouts.enabled')}</span>
        </Space>
        <Radio.Group
          value={value.mode}
          disabled={readOnly}
          onChange={(mode) => onChange({ ...value, mode: mode as NetworkDraft['mode'] })}
        >
          <Space>
            <Radio value="automatic" disabled={!network.automatic_available} data-testid={`${id}-automatic`}>
              {t('payouts.modes.automatic')}
            </Radio>
            <Radio value="manual" data-testid={`${id}-manual`}>
              {t('payouts.modes.manual')}
            </Radio>
          </Space>
        </Radio.Group>
      </Space>
    </Form.Item>
  );
}

/** The edited settings, the server's refusal by field ('' for one naming no field), and saving them. */
function usePayoutDraft(settings: PayoutSettings) {
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const setNetwork = (i: number, v: NetworkDraft) =>
    setDraft((d) => ({ ...d, networks: d.networks.map((n, j) => (j === i ? v : n)) }));
  const setLimit = (name: LimitName, v: string) => setDraft((d) => ({ ...d, [name]: v }));

  const save = async () => {
    const totp = await stepUp();
    if (totp === null) return;
    setBusy(true);
    setErrors({});
    try {
      const { data, msg } = await savePayoutSettings({
        ...draft,
        ...(totp ? { totp } : {}),
      });
      showToast(msg);
      queryClient.setQueryData(adminKeys.payoutSettings, data);
      setDraft(draftOf(data));
    } catch (err) {
      if (err instanceof ApiError) setErrors(errorsByField(err));
    } finally {
      setBusy(false);
    }
  };

  return { draft, setNetwork, setLimit, errors, busy, save };
}

/** A field the form shows a refusal by: a limit, or the networks (any of them, any of their parts). */
const shownByField = (field: string) => LIMITS.some((l) => l.name === field) || field.startsWith('networks');

/** A refusal's messages by field, and its message under '' when it names no field the form shows (a wrong code). */
function errorsByField(err: ApiError): Record<string, string> {
  const byField = Object.fromEntries(err.errors.map((e) => [e.field, e.message]));
  return err.errors.some((e) => shownByField(e.field)) ? byField : { ...byField, '': err.msg };
}
