import { describe, expect, it } from 'vitest';
import {
  formInt,
  numericId,
  optionalNumericId,
  optionalRawText,
  optionalSecret,
  optionalText,
  secret,
  text,
} from './call.ts';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? 'ok' : r.error?.issues[0]?.message;

describe('form field helpers', () => {
  it('refuse control characters in text, keeping tabs and line breaks', () => {
    for (const field of [text(50), optionalText(50), secret(), optionalSecret(), optionalRawText(50)]) {
      expect(messageOf(field.safeParse('a\u0000b'))).toBe('field_control_chars');
      expect(messageOf(field.safeParse('a\u0007b'))).toBe('field_control_chars');
      expect(messageOf(field.safeParse('a\u007fb'))).toBe('field_control_chars');
      expect(messageOf(field.safeParse('line one\nline two\r\n\tend'))).toBe('ok');
      expect(messageOf(field.safeParse('中文 Malay émoji 🙂'))).toBe('ok');
    }
  });

  it('keep an empty optional secret or raw text as sent', () => {
    expect(optionalSecret().parse('')).toBe('');
    expect(optionalRawText(20).parse('')).toBe('');
    expect(optionalRawText(20).parse(12)).toBe('12');
  });

  it('take integers as decimal digits only', () => {
    const n = formInt(-100, 1_000_000);
    expect(n.parse('16')).toBe(16);
    expect(n.parse('-5')).toBe(-5);
    expect(n.parse(7)).toBe(7);
    for (const bad of ['0x10', '1e5', ' 1', '1 2', '1.5', '', 'abc', '+3', 1.5, 1e308, '9'.repeat(20)]) {
      expect(messageOf(n.safeParse(bad)), String(bad)).toBe('field_invalid');
    }
  });

  it('take numeric ids as digits that fit a BIGINT', () => {
    expect(numericId().parse('42')).toBe('42');
    expect(numericId().parse(42)).toBe('42');
    expect(optionalNumericId().parse('')).toBeUndefined();
    for (const bad of ['abc', '0x10', '1e5', '1.5', '-1', '9223372036854775808', 1e308]) {
      expect(messageOf(numericId().safeParse(bad)), String(bad)).toBe('field_invalid');
      expect(messageOf(optionalNumericId().safeParse(bad)), String(bad)).toBe('field_invalid');
    }
    expect(messageOf(numericId().safeParse(''))).toBe('field_required');
  });
});
