import { adminPlanPreview } from '@mp/contract';
import type { PlanSettings } from '@mp/contract';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/Money.tsx';
import { showToast } from '../../../../lib/feedback.ts';
import { decimalsOf, toWireAmount } from '../../../../lib/money.ts';
import { amountRule, showFieldErrors, zodRule } from '../../../../lib/validate.ts';
import { previewPlan } from '../../api.ts';
import type { PlanPreview } from '../../types.ts';

const ASSET = 'USDT';
const DECIMALS = decimalsOf(ASSET);
const shape = adminPlanPreview.request.shape;

type Props = {
  /** The plan form's settings once its checks pass, or null (its marked fields say why). */
  readSettings: () => Promise<PlanSettings | null>;
  /** A refusal naming plan fields marks them on the plan form. */
  onSettingsErrors: (error: unknown) => void;
  /** Goes up with every edit of the plan form: a preview of earlier settings says so. */
  edits: number;
};

type Shown = { preview: PlanPreview; edits: number };

/** What one purchase would pay under the plan as edited (not yet saved): each bonus, the total, and its share. */
export function PlanPreviewPanel({ readSettings, onSettingsErrors, edits }: Props) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ amount: string; buyer?: string }>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);

  const run = async (v: { amount: string; buyer?: string }) => {
    const amount = toWireAmount(v.amount, DECIMALS);
    if (amount === null) return;
    const settings = await readSettings();
    if (!settings) {
      showToast(t('plan.preview.fixPlan'));
      return;
    }
    const buyer = v.buyer?.trim();
    setBusy(true);
    try {
      const preview = await previewPlan({ settings, amount, ...(buyer ? { buyer } : {}) });
      setShown({ preview, edits });
    } catch (error) {
      // The API client has shown the refusal; mark what it names here and on the plan form.
      showFieldErrors(form, error);
      onSettingsErrors(error);
    } finally {
      setBusy(false);
    }
  };

  const p = shown?.preview;
  return (
    <section data-testid="plan-preview">
      <h3 className="section-title">{t('plan.preview.title')}</h3>
      <p className="page-section field-hint">{t('plan.preview.help')}</p>
      <Form
        form={form}
        onFinish={(v) => void run(v)}
        data-testid="plan-preview-form"
        footer={
          <Button block type="submit" loading={busy} data-testid="plan-preview-run">
            {t('plan.preview.run')}
          </Button>
        }
      >
        <Form.Item
          name="amount"
          label={t('plan.preview.amount')}
          extra={<span className="field-hint">{ASSET}</span>}
          rules={[amountRule({ decimals: DECIMALS, asset: ASSET })]}
        >
          <Input
            id="plan-preview-amount"
            data-testid="plan-preview-amount"
            inputMode="decimal"
            placeholder="0.00"
          />
        </Form.Item>
        <Form.Item
          name="buyer"
          label={t('plan.preview.buyer')}
          rules={[zodRule(shape.buyer, t('plan.preview.buyer'))]}
        >
          <Input
            id="plan-preview-buyer"
            data-testid="plan-preview-buyer"
            placeholder={t('plan.preview.buyerHint')}
            maxLength={15}
            autoComplete="off"
          />
        </Form.Item>
      </Form>
      {p ? (
        <List header={t('plan.preview.result')} data-testid="plan-preview-result">
          {shown.edits !== edits ? (
            <List.Item>
              <span className="plan-dirty" data-testid="plan-preview-stale">
                {t('plan.preview.stale')}
              </span>
            </List.Item>
          ) : null}
          {p.lines.length === 0 ? (
            <List.Item data-testid="plan-preview-none">{t('plan.preview.none')}</List.Item>
          ) : null}
          {p.lines.map((line, i) => (
            <List.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed for one preview
              key={i}
              data-testid={`plan-preview-line-${i}`}
              description={[line.userid ? t('plan.preview.to', { userid: line.userid }) : '', line.note]
                .filter(Boolean)
                .join(' · ')}
              extra={<Money value={line.amount} asset={ASSET} testId={`plan-preview-line-${i}-amount`} />}
            >
              {t(`bonusTypes.${line.type}`)}
              {line.level > 0 ? ` · ${t('plan.preview.level', { n: line.level })}` : ''}
            </List.Item>
          ))}
          <List.Item extra={<Money value={p.total} asset={ASSET} testId="plan-preview-total" />}>
            <strong>{t('plan.preview.total')}</strong>
          </List.Item>
          <List.Item extra={<span data-testid="plan-preview-percent">{`${p.percent_of_amount}%`}</span>}>
            {t('plan.preview.percent')}
          </List.Item>
        </List>
      ) : null}
    </section>
  );
}
