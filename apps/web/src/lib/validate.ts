import { translate } from '@mp/contract/web';
import type { RuleObject } from 'antd-mobile/es/components/form';
import type { z } from 'zod';
import { currentLanguage, i18n } from './i18n.ts';
import { formatAsset, parseMoneyInput, toMinor } from './money.ts';

import type { AppForm } from './formErrors.ts';

// The form helpers that need no contract texts live apart, so the login page's first load carries none.
export { type AppForm, showFieldErrors } from './formErrors.ts';

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

export type AmountLimits = {
  decimals: number;
  asset: string;
  /** Minimum as a wire amount ('20'); '0' or absent for none. */
  min?: string;
  /** The available balance: amounts above it are refused before asking the server. */
  available?: string;
  /** Maximum as a wire amount; '0' or absent for none. */
  max?: string;
};

/** The first problem with a typed amount, in the app language, or undefined when it is acceptable. */
export function amountProblem(text: string, limits: AmountLimits): string | undefined {
  if (!text.trim()) return i18n.t('common:amount.required');
  const parsed = parseMoneyInput(text, limits.decimals);
  if (!parsed.ok) {
    return parsed.reason === 'decimals'
      ? i18n.t('common:amount.decimals', { n: limits.decimals })
      : i18n.t('common:amount.invalid');
  }
  if (parsed.value === 0n) return i18n.t('common:amount.zero');
  const fmt = (v: string) => formatAsset(v, limits.asset);
  const min = limits.min ? toMinor(limits.min, limits.decimals) : null;
  if (min !== null && min > 0n && parsed.value < min)
    return i18n.t('common:amount.min', { min: fmt(limits.min ?? '') });
  const max = limits.max ? toMinor(limits.max, limits.decimals) : null;
  if (max !== null && max > 0n && parsed.value > max)
    return i18n.t('common:amount.max', { max: fmt(limits.max ?? '') });
  const available = limits.available ? toMinor(limits.available, limits.decimals) : null;
  if (available !== null && parsed.value > available) return i18n.t('common:amount.overAvailable');
  return undefined;
}

/** An antd-mobile form rule for an amount field (exact, in the app's number format). */
export function amountRule(limits: AmountLimits): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = amountProblem(typeof value === 'string' ? value : '', limits);
      if (problem) throw new Error(problem);
    },
  };
}
