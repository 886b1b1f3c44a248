import type { Language } from '@mp/contract';
import { currentLanguage } from './i18n.ts';

const DATE_LOCALE: Record<Language, string> = { 'en-US': 'en-US', 'zh-CN': 'zh-CN', 'bm-MY': 'ms-MY' };

// Making an Intl formatter costs far more than formatting with one (a long list made one per row): one per
// language and style, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Language | undefined, withTime: boolean): Intl.DateTimeFormat {
  const locale = DATE_LOCALE[lang ?? currentLanguage()];
  const key = `${locale}/${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
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
