import { translate } from '@mp/contract';
import type { Form } from 'antd-mobile';
import type { RuleObject } from 'antd-mobile/es/components/form';
import type { z } from 'zod';
import { ApiError } from './api.ts';
import { currentLanguage } from './i18n.ts';

/** The form instance `Form.useForm()` returns. */
export type AppForm = ReturnType<typeof Form.useForm>[0];

/** The contract's message for a zod issue (its messages are keys such as `field_required`), in the app language. */
export function issueText(message: string, field: string): string {
  return translate(message, currentLanguage(), { field });
}

/** An antd-mobile form rule that validates one field with the contract's zod schema. */
export function zodRule(schema: z.ZodType, field: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success)
        throw new Error(issueText(result.error.issues[0]?.message ?? 'field_invalid', field));
    },
  };
}

/** A rule that a field repeats another (confirm password); the message is the spec's mismatch text. */
export function sameAs(other: string, messageKey: 'password_mismatch' | 'tx_password_mismatch') {
  return ({ getFieldValue }: Pick<AppForm, 'getFieldValue'>): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(issueText(messageKey, other));
    },
  });
}

/** Marks the fields a refusal named; returns true when at least one was a field of this form. */
export function showFieldErrors(form: AppForm, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = error.errors
    .filter((e) => known.has(e.field))
    .map((e) => ({ name: e.field, errors: [e.message] }));
  form.setFields(fields);
  return fields.length > 0;
}
