import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TacButton, type TacSent } from '../../../components/TacButton.tsx';
import { type AppForm, showFieldErrors, zodRule } from '../../../lib/validate.ts';

type Props = {
  form: AppForm;
  /** The fields the code is sent by (username, or e-mail / mobile): checked before it is requested. */
  sendTo: string[];
  /** Prefix of the ids: `${testId}-tac` (input id and test id), `-tac-send`, `-tac-hint`. */
  testId: string;
  /** The contract's rule for the code. */
  schema: z.ZodType;
  /** Requests the code once `sendTo` is valid; a refusal marks the fields it names. */
  send: () => Promise<TacSent>;
};

/** The TAC field with its "Send TAC" button, and where the code was sent once it has been. */
export function TacField({ form, sendTo, testId, schema, send }: Props) {
  const { t } = useTranslation('auth');
  const [hint, setHint] = useState('');

  const request = async () => {
    await form.validateFields(sendTo);
    try {
      return await send();
    } catch (error) {
      showFieldErrors(form, error);
      throw error;
    }
  };

  return (
    <Form.Item
      required
      name="tac"
      label={t('fields.tac')}
      rules={[zodRule(schema, 'tac')]}
      extra={<TacButton send={request} onSent={setHint} testId={`${testId}-tac-send`} />}
      description={
        hint ? (
          <span className="field-hint" data-testid={`${testId}-tac-hint`}>
            {hint}
          </span>
        ) : undefined
      }
    >
      <Input
        id={`${testId}-tac`}
        data-testid={`${testId}-tac`}
        inputMode="numeric"
        placeholder={t('fields.tacPlaceholder')}
      />
    </Form.Item>
  );
}
