import type { Language } from '@mp/contract';
import { i18n, isLanguage } from '../../lib/i18n.ts';

/** One manifest per language (public/): the format names an app in one language only. */
const MANIFESTS: Record<Language, string> = {
  'en-US': './manifest.webmanifest',
  'zh-CN': './manifest.zh-CN.webmanifest',
  'bm-MY': './manifest.bm-MY.webmanifest',
};

/**
 * Points index.html's manifest link at the member's language, and follows it when they switch, so the app
 * installs under its name in that language (index.html names the en-US one for browsers without script).
 */
export function followLanguageInManifest(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const apply = (lang: string) => {
    if (isLanguage(lang)) link.setAttribute('href', MANIFESTS[lang]);
  };
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}
