import type { Language } from '@mp/contract';
import { currentLanguage } from './i18n.ts';

const DATE_LOCALE: Record<Language, string> = { 'en-US': 'en-US', 'zh-CN': 'zh-CN', 'bm-MY': 'ms-MY' };

/** A server timestamp (ISO) as local date and time in the app language; '' for none, the text itself if unreadable. */
export function formatDateTime(iso: string, lang?: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALE[lang ?? currentLanguage()], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
