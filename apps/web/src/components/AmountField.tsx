import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toWireAmount } from '../lib/money.ts';
import { useDebounced } from '../lib/useDebounced.ts';
import { type AmountLimits, type AppForm, amountProblem, amountRule } from '../lib/validate.ts';
import { Money } from './Money.tsx';

type Props = {
  form: AppForm;
  /** Prefix of the field's ids: `${testId}-amount` (input id and test id), `-available`, `-min`, `-all`. */
  testId: string;
  label: string;
  /** The amount's rules; `min` and `available` are also shown under the field. */
  limits: AmountLimits & { min: string; available: string };
  /** The "All" button's text (fills in the whole available balance); no button when absent. */
  allLabel?: string;
};

/** The `amount` field of a money form: its rule, the available balance and minimum, and an optional "All". */
export function AmountField({ form, testId, label, limits, allLabel }: Props) {
  const { t } = useTranslation();
  const { asset, available, min } = limits;
  return (
    <Form.Item
      name="amount"
      label={label}
      rules={[amountRule(limits)]}
      description={
        <span className="field-hint">
          {t('common:money.available')}
          {t('common:colon')}
          <Money value={available} asset={asset} testId={`${testId}-available`} />
          {' · '}
          {t('common:money.minimum')}
          {t('common:colon')}
          <Money value={min} asset={asset} testId={`${testId}-min`} />
        </span>
      }
      extra={
        allLabel === undefined ? undefined : (
          <button
            type="button"
            className="link-button"
            onClick={() => form.setFieldsValue({ amount: available })}
            data-testid={`${testId}-all`}
          >
            {allLabel}
          </button>
        )
      }
    >
      <Input
        id={`${testId}-amount`}
        data-testid={`${testId}-amount`}
        inputMode="decimal"
        placeholder="0.00"
      />
    </Form.Item>
  );
}

/**
 * The amount being typed in a form's `amount` field: as typed, as a wire amount once it passes the limits
 * ('' until then, or while `ready` is false), and that wire amount debounced for as-you-type server checks.
 */
export function useTypedAmount(form: AppForm, limits: AmountLimits, ready: boolean) {
  const typed: unknown = Form.useWatch('amount', form);
  const text = typeof typed === 'string' ? typed : '';
  const wire = ready && !amountProblem(text, limits) ? (toWireAmount(text, limits.decimals) ?? '') : '';
  const settled = useDebounced(wire, 300);
  return { text, wire, settled };
}
