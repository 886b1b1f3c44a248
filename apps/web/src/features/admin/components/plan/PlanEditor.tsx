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
type PlanForm = ReturnType<typeof Form.useForm<PlanValues>>[0];

/** The plan in force as an editable form, its preview, the pairing run and the version history. */
export function PlanEditor({ plan, onSaved }: { plan: Plan; onSaved: (saved: Saved, msg: string) => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<PlanValues>();
  const initial = useMemo(() => toValues(plan.current.settings), [plan]);
  // `revision` counts every edit (a preview remembers it); `dirty` says whether the form differs from the saved plan.
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const saving = usePlanSave(form, onSaved);

  const readSettings = async (): Promise<PlanSettings | null> => {
    try {
      await form.validateFields(SETTINGS_TEXT_FIELDS);
    } catch {
      return null;
    }
    return toSettings(form.getFieldsValue(true));
  };

  const discard = () => {
    form.resetFields();
    setDirty(false);
    setRevision((r) => r + 1);
  };

  return (
    <>
      <CurrentPlanLine current={plan.current} />
      <Form
        form={form}
        initialValues={initial}
        onFinish={saving.review}
        onValuesChange={(changed: Partial<PlanValues>) => {
          if ('note' in changed && Object.keys(changed).length === 1) return;
          setDirty(true);
          setRevision((r) => r + 1);
        }}
        data-testid="plan-form"
        footer={<PlanFormFooter dirty={dirty} onDiscard={discard} />}
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
      <PlanPreviewPanel readSettings={readSettings} onSettingsErrors={saving.markErrors} edits={revision} />
      <h3 className="section-title">{t('plan.pairingRun')}</h3>
      <p className="page-section field-hint">{t('plan.pairingRunHelp')}</p>
      <DailyJobRunner job="pairing" defaultDate={utcDate(-1)} testId="run-pairing" />
      <PlanHistory current={plan.current} history={plan.history} />
      <ConfirmPopup
        visible={saving.pending !== null}
        title={t('plan.confirmTitle')}
        busy={saving.busy}
        onConfirm={() => void saving.send()}
        onCancel={() => saving.setPending(null)}
        testId="plan-save-confirm"
      >
        {saving.pending ? (
          <>
            <p>{t('plan.confirmText', { version: plan.current.version + 1 })}</p>
            <p className="field-hint">{t('plan.noteText', { note: saving.pending.note })}</p>
          </>
        ) : null}
      </ConfirmPopup>
    </>
  );
}

/** Saving goes through a confirmation: `review` holds the form's plan, `send` saves what was held. */
function usePlanSave(form: PlanForm, onSaved: (saved: Saved, msg: string) => void) {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState<Saving | null>(null);
  const [busy, setBusy] = useState(false);

  const markErrors = (error: unknown) => {
    const fields = planFieldErrors(error, t);
    if (fields.length > 0) form.setFields(fields);
  };

  const review = () => {
    const values: PlanValues = form.getFieldsValue(true);
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

  return { pending, setPending, busy, markErrors, review, send };
}

function CurrentPlanLine({ current }: { current: Plan['current'] }) {
  const { t } = useTranslation('admin');
  return (
    <p className="page-section field-hint" data-testid="plan-current">
      {current.version === 0
        ? t('plan.currentDefaults')
        : t('plan.current', {
            version: current.version,
            by: current.created_by || '—',
            at: formatDateTime(current.created_at),
          })}
    </p>
  );
}

function PlanFormFooter({ dirty, onDiscard }: { dirty: boolean; onDiscard: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {dirty ? (
        <p className="plan-dirty" data-testid="plan-dirty">
          {t('plan.unsaved')}
        </p>
      ) : null}
      <div className="plan-actions">
        <Button disabled={!dirty} onClick={onDiscard} data-testid="plan-discard">
          {t('plan.discard')}
        </Button>
        <Button type="submit" color="primary" data-testid="plan-save">
          {t('plan.save')}
        </Button>
      </div>
    </>
  );
}
