import { Form, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldPath, fieldLabel, planTestId, requiredRule, schemaOf } from '../../planForm.ts';

type Props = {
  path: FieldPath;
  /** Shown instead of the field's full name (which messages keep) where a section header says the rest. */
  label?: string;
  /** The unit shown after the input ('%', 'USDT'). */
  unit: string;
  help?: ReactNode;
  /** Inside the rank rules table: no label of its own, errors shown by the table's item. */
  bare?: boolean;
};

/** A number typed as text (percent, amount or count), checked with the contract's schema for that field. */
export function PlanTextField({ path, label: shownLabel, unit, help, bare = false }: Props) {
  const { t } = useTranslation('admin');
  const label = fieldLabel(path, t);
  const id = planTestId(path);
  const whole = path.includes('direct_sponsors');
  const input = (
    <Input
      id={id}
      data-testid={id}
      aria-label={label}
      inputMode={whole ? 'numeric' : 'decimal'}
      placeholder={whole || unit === '%' ? '0' : '0.00'}
    />
  );
  if (bare)
    return (
      <Form.Item noStyle name={path} rules={[requiredRule(schemaOf(path), label, whole)]}>
        {input}
      </Form.Item>
    );
  return (
    <Form.Item
      name={path}
      label={shownLabel ?? label}
      extra={<span className="field-hint">{unit}</span>}
      description={help ? <span className="field-hint">{help}</span> : undefined}
      rules={[requiredRule(schemaOf(path), label, whole)]}
    >
      {input}
    </Form.Item>
  );
}
