import { CAP_EXCESS_MODES, PAIR_RATIOS, SPONSOR_LEVELS } from '@mp/contract/web';
import { Form, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ChoiceChips } from '../ChoiceChips.tsx';
import { PlanTextField } from './PlanTextField.tsx';

const LEVELS = Array.from({ length: SPONSOR_LEVELS }, (_, i) => i);

/** The sponsor and level percentages. */
export function SponsorFields() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PlanTextField path={['sponsor_percent']} unit="%" help={t('plan.help.sponsor_percent')} />
      {LEVELS.map((i) => (
        <PlanTextField
          key={i}
          path={['level_percents', i]}
          unit="%"
          help={i === 0 ? t('plan.help.level_percents') : undefined}
        />
      ))}
    </>
  );
}

/** The pairing bonus: percentage, ratio, unit, carry forward and what happens beyond the daily cap. */
export function PairingFields() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PlanTextField path={['pairing_percent']} unit="%" help={t('plan.help.pairing_percent')} />
      <Form.Item name="pair_ratio" label={t('plan.fields.pair_ratio')}>
        <ChoiceChips
          options={PAIR_RATIOS.map((r) => ({ key: r, label: t(`plan.pairRatio.${r.replace(':', 'to')}`) }))}
          label={t('plan.fields.pair_ratio')}
          testId="plan-pair_ratio"
        />
      </Form.Item>
      <PlanTextField path={['pair_unit']} unit="USDT" help={t('plan.help.pair_unit')} />
      <Form.Item
        name="carry_forward"
        label={t('plan.fields.carry_forward')}
        valuePropName="checked"
        childElementPosition="right"
        description={<span className="field-hint">{t('plan.help.carry_forward')}</span>}
      >
        <Switch data-testid="plan-carry_forward" aria-label={t('plan.fields.carry_forward')} />
      </Form.Item>
      <Form.Item
        name="cap_excess"
        label={t('plan.fields.cap_excess')}
        description={<span className="field-hint">{t('plan.help.cap_excess')}</span>}
      >
        <ChoiceChips
          options={CAP_EXCESS_MODES.map((m) => ({ key: m, label: t(`plan.capExcess.${m}`) }))}
          label={t('plan.fields.cap_excess')}
          testId="plan-cap_excess"
        />
      </Form.Item>
    </>
  );
}
