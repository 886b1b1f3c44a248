import type { Language } from '@mp/contract';
import enUS from 'antd-mobile/es/locales/en-US';

export type AntdLocale = typeof enUS;

/**
 * antd-mobile's texts per app language. en-US is always here (the fallback); the others arrive with their
 * language's chunk (locales/<lang>/antd.ts), so a phone never downloads the two it does not show.
 */
const locales: Partial<Record<Language, AntdLocale>> = { 'en-US': enUS };

export function antdLocale(lang: Language): AntdLocale {
  return locales[lang] ?? enUS;
}

export function addAntdLocale(lang: Language, locale: AntdLocale): void {
  locales[lang] = locale;
}
