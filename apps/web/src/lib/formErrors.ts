import type { Form } from 'antd-mobile';
import { ApiError } from './api.ts';

/** The form instance `Form.useForm()` returns. */
export type AppForm = ReturnType<typeof Form.useForm>[0];

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
