import type { Language } from '@mp/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative, RECENT_MS } from './format.ts';

const LANGUAGES: Language[] = ['en-US', 'zh-CN', 'bm-MY'];
const lang = fc.constantFrom(...LANGUAGES);
/** Instants from 1990 to 2090, as the server sends them (ISO). */
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }).map((t) => new Date(t));

/** The shape of each language's one date-time format (digits replaced by 9). */
const DATE_TIME_SHAPE: Record<Language, RegExp> = {
  'en-US': /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
  'zh-CN': /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/,
  'bm-MY': /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/,
};
const DATE_SHAPE: Record<Language, RegExp> = {
  'en-US': /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  'zh-CN': /^\d{4}年\d{1,2}月\d{1,2}日$/,
  'bm-MY': /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/,
};

describe('dates and times', () => {
  it('always the same date-time format per language; no AM/PM in Chinese or Malay', () => {
    fc.assert(
      fc.property(instant, lang, (at, language) => {
        const text = formatDateTime(at.toISOString(), language);
        expect(text).toMatch(DATE_TIME_SHAPE[language]);
        if (language !== 'en-US') expect(text).not.toMatch(/AM|PM|PTG|PG|上午|下午/);
        // The 24-hour clock shows the local hour.
        if (language !== 'en-US') expect(text).toContain(`${String(at.getHours()).padStart(2, '0')}:`);
      }),
    );
  });

  it('always the same date format per language, for plain dates and timestamps alike', () => {
    fc.assert(
      fc.property(instant, lang, (at, language) => {
        const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
        expect(formatDate(day, language)).toMatch(DATE_SHAPE[language]);
        // A calendar day and a timestamp on that (local) day read the same: no time zone moves the day.
        expect(formatDate(day, language)).toBe(formatDate(at.toISOString(), language));
      }),
    );
  });

  it('recent events read as relative times, older ones as the date and time', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * RECENT_MS }), lang, (now, age, language) => {
        const iso = new Date(now.getTime() - age).toISOString();
        const text = formatRelative(iso, language, now.getTime());
        expect(text).not.toMatch(/NaN|Invalid/);
        if (age >= RECENT_MS) expect(text).toBe(formatDateTime(iso, language));
        else expect(text).not.toMatch(DATE_TIME_SHAPE[language]);
      }),
    );
    const now = Date.UTC(2026, 10, 27, 12);
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(formatRelative(ago(3 * 60_000), 'en-US', now)).toBe('3 min. ago');
    expect(formatRelative(ago(3 * 60_000), 'zh-CN', now)).toBe('3分钟前');
    expect(formatRelative(ago(2 * 3_600_000), 'bm-MY', now)).toBe('2 jam lalu');
  });

  it('gives nothing for no date and the text itself for an unreadable one, never "Invalid Date"', () => {
    fc.assert(
      fc.property(fc.string(), lang, (text, language) => {
        for (const format of [formatDate, formatDateTime, formatRelative]) {
          expect(format(text, language)).not.toMatch(/Invalid Date|NaN/);
        }
      }),
    );
    expect(formatDateTime('', 'en-US')).toBe('');
  });
});
