import type { Language } from '@mp/contract';
import type { RuleObject } from 'antd-mobile/es/components/form';
import { currentLanguage } from './i18n.ts';

/** The contract's control characters refused in text (call.ts NO_CONTROL_CHARS; textRules.test.ts holds them equal). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type TextField = { max: number; trim: boolean };
/** The contract's `text(max)` (trimmed) and `secret()` (kept as typed, at most 128) fields. */
export const TEXT = (max = 200): TextField => ({ max, trim: true });
export const SECRET: TextField = { max: 128, trim: false };

/**
 * The contract's message key for a text or secret field's value, or undefined when it passes: the same checks as
 * its zod schemas, without zod, for forms on a first screen (the login page) that must not download the validation
 * library before they can be used.
 */
export function textProblem(
  value: unknown,
  field: TextField,
): 'field_required' | 'field_too_long' | 'field_control_chars' | undefined {
  if (typeof value !== 'string') return 'field_required';
  const text = field.trim ? value.trim() : value;
  if (text.length === 0) return 'field_required';
  if (text.length > field.max) return 'field_too_long';
  if (CONTROL_CHARS.test(text)) return 'field_control_chars';
  return undefined;
}

type Texts = Record<Language, string>;
type Problem = NonNullable<ReturnType<typeof textProblem>>;

/**
 * The contract's texts of these problems and of the login form's fields (messages/common.ts, input.ts, fields.ts),
 * copied: the contract's table of every message in three languages is 20 KB of the first load. textRules.test.ts
 * holds each equal to the contract's translate().
 */
const PROBLEMS: Record<Problem, Texts> = {
  field_required: { 'en-US': '{field} is required', 'zh-CN': '请填写{field}', 'bm-MY': '{field} diperlukan' },
  field_too_long: {
    'en-US': '{field} is too long',
    'zh-CN': '{field}过长',
    'bm-MY': '{field} terlalu panjang',
  },
  field_control_chars: {
    'en-US': '{field} contains characters that are not allowed',
    'zh-CN': '{field}包含不允许的字符',
    'bm-MY': '{field} mengandungi aksara yang tidak dibenarkan',
  },
};
export const FIELDS = {
  username: { 'en-US': 'Username', 'zh-CN': '用户名', 'bm-MY': 'Nama pengguna' },
  password: { 'en-US': 'Password', 'zh-CN': '密码', 'bm-MY': 'Kata laluan' },
} satisfies Record<string, Texts>;

/** A problem's text for a field, in `lang`: what the contract's translate(problem, lang, { field }) says. */
export function problemText(problem: Problem, field: keyof typeof FIELDS, lang: Language): string {
  return PROBLEMS[problem][lang].replace('{field}', FIELDS[field][lang]);
}

/** An antd-mobile form rule for a text or secret field, with the contract's message in the app language. */
export function textRule(field: TextField, name: keyof typeof FIELDS): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = textProblem(value ?? '', field);
      if (problem) throw new Error(problemText(problem, name, currentLanguage()));
    },
  };
}
