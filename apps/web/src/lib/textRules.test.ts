import { LANGUAGES, login, secret, text, translate } from '@mp/contract';
import { describe, expect, it } from 'vitest';
import { FIELDS, problemText, SECRET, TEXT, textProblem } from './textRules.ts';

const SAMPLES: unknown[] = [
  '',
  '   ',
  'alice',
  ' alice ',
  'a'.repeat(64),
  ` ${'a'.repeat(64)} `,
  'a'.repeat(65),
  'a'.repeat(128),
  'a'.repeat(129),
  'a\u0000b',
  'a\u0008b',
  'a\tb',
  'a\nb',
  'a\u000bb',
  'a\u001fb',
  'a\u007fb',
  'é中文',
  undefined,
  null,
];

/** The zod schema's first message for a value, as the full rules (validate.ts zodRule) show it. */
function zodProblem(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value ?? '');
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('the light text rules agree with the contract', () => {
  it.each(SAMPLES.map((v) => [JSON.stringify(v) ?? 'undefined', v]))(
    'text(64) and secret() on %s',
    (_name, value) => {
      expect(textProblem(value ?? '', TEXT(64))).toBe(zodProblem(text(64), value));
      expect(textProblem(value ?? '', SECRET)).toBe(zodProblem(secret(), value));
    },
  );

  it("are the login call's fields", () => {
    for (const value of SAMPLES) {
      expect(textProblem(value ?? '', TEXT(64))).toBe(zodProblem(login.request.shape.username, value));
      expect(textProblem(value ?? '', SECRET)).toBe(zodProblem(login.request.shape.password, value));
    }
  });

  it("say what the contract's messages say, in every language", () => {
    for (const lang of LANGUAGES) {
      for (const problem of ['field_required', 'field_too_long', 'field_control_chars'] as const) {
        for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
          expect(problemText(problem, field, lang)).toBe(translate(problem, lang, { field }));
        }
      }
    }
  });
});
