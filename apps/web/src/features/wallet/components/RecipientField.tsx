import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import type { AppForm } from '../../../lib/validate.ts';
import { type RecipientKind, recipientQuery } from '../api.ts';

type Props = { form: AppForm; kind: RecipientKind; testId: string };

/** The receiving member's username, checked as it is typed: shows the masked name or why they cannot receive. */
export function RecipientField({ form, kind, testId }: Props) {
  const { t } = useTranslation('wallet');
  const typed = Form.useWatch('to_userid', form);
  const value = useDebounced(typeof typed === 'string' ? typed.trim() : '', 400);
  const check = useQuery(recipientQuery(kind, value));
  const resultId = `${testId}-result`;
  let outcome = null;
  if (check.isFetching) {
    outcome = (
      <span className="field-hint" data-testid={resultId} data-state="checking">
        {t('recipient.checking')}
      </span>
    );
  } else if (check.error) {
    outcome = (
      <span className="field-error" data-testid={resultId} data-state="error">
        {check.error instanceof ApiError ? check.error.msg : t('recipient.checkFailed')}
      </span>
    );
  } else if (check.data) {
    outcome = (
      <span className="field-ok" data-testid={resultId} data-state="ok">
        {t('recipient.found', { userid: check.data.userid, name: check.data.name })}
      </span>
    );
  }
  return (
    <Form.Item
      name="to_userid"
      label={t('recipient.label')}
      rules={[{ required: true, whitespace: true, message: t('recipient.required') }]}
      description={outcome}
    >
      <Input id={testId} data-testid={testId} placeholder={t('recipient.placeholder')} autoComplete="off" />
    </Form.Item>
  );
}
