import { adminPlanSave } from '@mp/contract';
import type { PlanSettings } from '@mp/contract';
import { Button, Form, TextArea } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyJobRunner, utcDate } from '../../../../components/DailyJobRunner.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { savePlan } from '../../api.ts';
import {
  fieldLabel,
  type PlanValues,
  planFieldErrors,
  requiredRule,
  SETTINGS_TEXT_FIELDS,
  toSettings,
  toValues,
} from '../../planForm.ts';
import type { Plan, PlanVersion } from '../../types.ts';
import { ConfirmPopup } from '../ConfirmPopup.tsx';
import { PairingFields, SponsorFields } from './PlanBonusFields.tsx';
import { PlanHistory } from './PlanHistory.tsx';
import { PlanPreviewPanel } from './PlanPreviewPanel.tsx';
import { CapFields, RankRulesField, WalletFields } from './PlanRankFields.tsx';

type Saving = { settings: PlanSettings; note: string };
type Saved = PlanVersion & { ranks_changed: number };

/** The plan in force as an editable form, its preview, the pairing run and the version history. */
export function PlanEditor({ plan, onSaved }: { plan: Plan; onSaved: (saved: Saved, msg: string) => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<PlanValues>();
  const initial = useMemo(() => toValues(plan.current.settings), [plan]);
  // `revision` counts every edit (a preview remembers it); `dirty` says whether the form differs from the saved plan.
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Saving | null>(null);
  const [busy, setBusy] = useState(false);

  const markErrors = (error: unknown) => {
    const fields = planFieldErrors(error, t);
    if (fields.length > 0) form.setFields(fields);
  };

  const readSettings = async (): Promise<PlanSettings | null> => {
    try {
      await form.validateFields(SETTINGS_TEXT_FIELDS);
    } catch {
      return null;
    }
    return toSettings(form.getFieldsValue(true));
  };

  const review = () => {
    const values = form.getFieldsValue(true);
    setPending({ settings: toSettings(values), note: values.note.trim() });
  };

  const send = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { data, msg } = await savePlan(pending);
      setPending(null);
      onSaved(data, msg);
    } catch (error) {
      // The API client has shown the refusal; mark the fields it names.
      setPending(null);
      markErrors(error);
    } finally {
      setBusy(false);
    }
  };

  const discard = () => {
    form.resetFields();
    setDirty(false);
    setRevision((r) => r + 1);
  };

  return (
    <>
      <p className="page-section field-hint" data-testid="plan-current">
        {plan.current.version === 0
          ? t('plan.currentDefaults')
          : t('plan.current', {
              version: plan.current.version,
              by: plan.current.created_by || '—',
              at: formatDateTime(plan.current.created_at),
            })}
      </p>
      <Form
        form={form}
        initialValues={initial}
        onFinish={review}
        onValuesChange={(changed: Partial<PlanValues>) => {
          if ('note' in changed && Object.keys(changed).length === 1) return;
          setDirty(true);
          setRevision((r) => r + 1);
        }}
        data-testid="plan-form"
        footer={
          <>
            {dirty ? (
              <p className="plan-dirty" data-testid="plan-dirty">
                {t('plan.unsaved')}
              </p>
            ) : null}
            <div className="plan-actions">
              <Button disabled={!dirty} onClick={discard} data-testid="plan-discard">
                {t('plan.discard')}
              </Button>
              <Button type="submit" color="primary" data-testid="plan-save">
                {t('plan.save')}
              </Button>
            </div>
          </>
        }
      >
        {/* Form.Header only works as a direct child of Form: the sections' fields are grouped under them. */}
        <Form.Header>{t('plan.sections.sponsor')}</Form.Header>
        <SponsorFields />
        <Form.Header>{t('plan.sections.pairing')}</Form.Header>
        <PairingFields />
        <Form.Header>{t('plan.sections.caps')}</Form.Header>
        <CapFields />
        <Form.Header>{t('plan.sections.ranks')}</Form.Header>
        <RankRulesField />
        <Form.Header>{t('plan.sections.wallets')}</Form.Header>
        <WalletFields />
        <Form.Header>{t('plan.sections.save')}</Form.Header>
        <Form.Item
          name="note"
          label={t('plan.note')}
          description={<span className="field-hint">{t('plan.noteHelp')}</span>}
          rules={[requiredRule(adminPlanSave.request.shape.note, fieldLabel(['note'], t))]}
        >
          <TextArea id="plan-note" data-testid="plan-note" rows={2} maxLength={200} />
        </Form.Item>
      </Form>
      <PlanPreviewPanel readSettings={readSettings} onSettingsErrors={markErrors} edits={revision} />
      <h3 className="section-title">{t('plan.pairingRun')}</h3>
      <p className="page-section field-hint">{t('plan.pairingRunHelp')}</p>
      <DailyJobRunner job="pairing" defaultDate={utcDate(-1)} testId="run-pairing" />
      <PlanHistory current={plan.current} history={plan.history} />
      <ConfirmPopup
        visible={pending !== null}
        title={t('plan.confirmTitle')}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setPending(null)}
        testId="plan-save-confirm"
      >
        {pending ? (
          <>
            <p>{t('plan.confirmText', { version: plan.current.version + 1 })}</p>
            <p className="field-hint">{t('plan.noteText', { note: pending.note })}</p>
          </>
        ) : null}
      </ConfirmPopup>
    </>
  );
}
