import type { Language } from '@mp/contract';
import { currentLanguage, INTL_LOCALE } from './i18n.ts';

/**
 * One date format and one date-time format for the whole app, per language: Intl's medium date ('Nov 26, 2026',
 * '2026年11月26日', '26 Nov 2026') and short time. Chinese and Malay read a 24-hour clock (Malay's own default is
 * '7:24 PTG'); American English keeps its locale's 12-hour clock.
 */
const HOUR_CYCLE: Record<Language, 'h23' | undefined> = {
  'en-US': undefined,
  'zh-CN': 'h23',
  'bm-MY': 'h23',
};

// Making an Intl formatter costs far more than formatting with one (a long list made one per row): one per
// language and style, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Language | undefined, withTime: boolean): Intl.DateTimeFormat {
  const language = lang ?? currentLanguage();
  const key = `${language}/${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      INTL_LOCALE[language],
      withTime
        ? { dateStyle: 'medium', timeStyle: 'short', hourCycle: HOUR_CYCLE[language] }
        : { dateStyle: 'medium' },
    );
    formatters.set(key, format);
  }
  return format;
}

/** A server timestamp (ISO) as local date and time in the app language; '' for none, the text itself if unreadable. */
export function formatDateTime(iso: string, lang?: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(lang, true).format(date);
}

const PLAIN_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A server date ('2030-01-31') or timestamp as a local date in the app language; '' for none. */
export function formatDate(value: string, lang?: Language): string {
  if (!value) return '';
  const plain = PLAIN_DATE_RE.exec(value);
  // A plain date is a calendar day, not an instant: read it in local time so no time zone moves it.
  const date = plain ? new Date(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(lang, false).format(date);
}

const relativeFormatters = new Map<Language, Intl.RelativeTimeFormat>();

function relativeFormat(lang: Language): Intl.RelativeTimeFormat {
  let format = relativeFormatters.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(INTL_LOCALE[lang], { numeric: 'auto', style: 'short' });
    relativeFormatters.set(lang, format);
  }
  return format;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Past this an event is not "recent": a list shows its date and time instead. */
export const RECENT_MS = 24 * HOUR_MS;

/**
 * A recent event relative to now ('3 min ago', 'now', '2 hr ago'), older or future ones as their date and time;
 * '' for none, the text itself if unreadable. Lists of recent activity use it, with the full date-time as title.
 */
export function formatRelative(iso: string, lang?: Language, now = Date.now()): string {
  if (!iso) return '';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const age = now - at;
  // A clock a little ahead of this one (up to a minute) still reads as now.
  if (age < -MINUTE_MS || age >= RECENT_MS) return formatDateTime(iso, lang);
  const format = relativeFormat(lang ?? currentLanguage());
  if (age < HOUR_MS) return format.format(-Math.max(0, Math.floor(age / MINUTE_MS)), 'minute');
  return format.format(-Math.floor(age / HOUR_MS), 'hour');
}
