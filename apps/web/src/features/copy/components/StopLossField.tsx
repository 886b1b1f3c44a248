import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The stop-copy loss limit: empty for none, else a whole percentage from 1 to 99 (its input's id is `id`). */
export function StopLossField({ id }: { id: string }) {
  const { t } = useTranslation('trading');
  return (
    <Form.Item
      name="stop_loss_percent"
      label={t('copy.stopLoss')}
      description={<span className="field-hint">{t('copy.stopLossHint')}</span>}
      rules={[
        {
          validator: (_r, v: string | undefined) =>
            !v || /^\d{1,2}$/.test(v)
              ? Promise.resolve()
              : Promise.reject(new Error(t('copy.stopLossInvalid'))),
        },
      ]}
    >
      <Input id={id} data-testid={id} inputMode="numeric" clearable />
    </Form.Item>
  );
}
