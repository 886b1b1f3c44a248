import { DEFAULT_LANGUAGE, LANGUAGES } from '@mp/contract/web';
import type { Language } from '@mp/contract';
import { setDefaultConfig } from 'antd-mobile';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  loadLanguageModule,
  loadPageNamespace,
  NAMESPACES,
  PAGE_NAMESPACES,
  type PageNamespace,
} from '../locales/index.ts';
import { addAntdLocale, antdLocale } from './antdLocale.ts';

/** Intl's locale for each app language, for numbers, dates and region names (Malay is ms-MY). */
export const INTL_LOCALE: Record<Language, string> = { 'en-US': 'en-US', 'zh-CN': 'zh-CN', 'bm-MY': 'ms-MY' };

/** Local storage key fixed by the spec. */
export const LANG_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANG_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Imperative Toast and Dialog ignore <ConfigProvider>: keep their default locale in step too, and the window's title. */
function applyLanguage(lang: Language): void {
  setDefaultConfig({ locale: antdLocale(lang) });
  // The build's prerender runs this module in Node, without a document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  // index.html's title is the English name; once the language's texts are in, the app's name in it.
  if (i18n.hasResourceBundle(lang, 'common')) document.title = i18n.t('common:appName', { lng: lang });
}

i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyLanguage(lng);
});

void i18n.use(initReactI18next).init({
  // Texts are added per language as it is needed (loadLanguage), not bundled with the app.
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyLanguage(currentLanguage());

/** Fetches a language's texts once (its own chunk) and hands them to i18next. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'common')) {
    const { default: resources, antd } = await loadLanguageModule(lang);
    addAntdLocale(lang, antd);
    for (const ns of NAMESPACES) {
      if (!isPageNamespace(ns)) i18n.addResourceBundle(lang, ns, resources[ns], true, true);
    }
    if (currentLanguage() === lang) applyLanguage(lang);
  }
  // A page namespace already in use (an admin switching language) comes along with the new language.
  await Promise.all([...pagesNamespaces].map((ns) => addPageNamespace(lang, ns)));
}

const pagesNamespaces = new Set<PageNamespace>();

function isPageNamespace(ns: string): ns is PageNamespace {
  return (PAGE_NAMESPACES as readonly string[]).includes(ns);
}

async function addPageNamespace(lang: Language, ns: PageNamespace): Promise<void> {
  if (i18n.hasResourceBundle(lang, ns)) return;
  i18n.addResourceBundle(lang, ns, await loadPageNamespace(lang, ns), true, true);
}

/** Loads a namespace only some pages use (see PAGE_NAMESPACES), in the current language and any later one. */
export async function loadNamespace(ns: PageNamespace): Promise<void> {
  pagesNamespaces.add(ns);
  await addPageNamespace(currentLanguage(), ns);
}

export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  localStorage.setItem(LANG_KEY, lang);
  await i18n.changeLanguage(lang);
}

export { i18n };
