import type { Language } from '@mp/contract';
import type { AntdLocale } from '../lib/antdLocale.ts';

/** One namespace per feature; `common` holds the shell's and the shared components' texts. */
export const NAMESPACES = [
  'common',
  'routes',
  'auth',
  'home',
  'personal',
  'wallet',
  'withdraw',
  'bonus',
  'admin',
  'security',
  'kyc',
  'mining',
  'network',
  'content',
  'trading',
  'shop',
  'chain',
  'reserves',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Resources = Record<Namespace, Record<string, unknown>>;

/**
 * Namespaces only some pages need, each its own chunk per language, loaded by the routes of those pages
 * (routes.tsx): a member's phone never downloads the admin area's texts, nor the content pages' before it opens one.
 */
export const PAGE_NAMESPACES = [
  'admin',
  'content',
  'trading',
  'shop',
  'chain',
  'kyc',
  'network',
  'reserves',
] as const;
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];
export type FirstResources = Omit<Resources, PageNamespace>;

type LanguageModule = { default: FirstResources; antd: AntdLocale };

/** Each language is its own chunk (our texts and antd-mobile's): a phone downloads only the one it shows. */
const LOADERS: Record<Language, () => Promise<LanguageModule>> = {
  'en-US': () => import('./en-US/index.ts'),
  'zh-CN': () => import('./zh-CN/index.ts'),
  'bm-MY': () => import('./bm-MY/index.ts'),
};

type Texts = { default: Record<string, unknown> };
const PAGE_LOADERS: Record<Language, Record<PageNamespace, () => Promise<Texts>>> = {
  'en-US': {
    admin: () => import('./en-US/admin.json'),
    content: () => import('./en-US/content.json'),
    trading: () => import('./en-US/trading.json'),
    shop: () => import('./en-US/shop.json'),
    chain: () => import('./en-US/chain.json'),
    kyc: () => import('./en-US/kyc.json'),
    network: () => import('./en-US/network.json'),
    reserves: () => import('./en-US/reserves.json'),
  },
  'zh-CN': {
    admin: () => import('./zh-CN/admin.json'),
    content: () => import('./zh-CN/content.json'),
    trading: () => import('./zh-CN/trading.json'),
    shop: () => import('./zh-CN/shop.json'),
    chain: () => import('./zh-CN/chain.json'),
    kyc: () => import('./zh-CN/kyc.json'),
    network: () => import('./zh-CN/network.json'),
    reserves: () => import('./zh-CN/reserves.json'),
  },
  'bm-MY': {
    admin: () => import('./bm-MY/admin.json'),
    content: () => import('./bm-MY/content.json'),
    trading: () => import('./bm-MY/trading.json'),
    shop: () => import('./bm-MY/shop.json'),
    chain: () => import('./bm-MY/chain.json'),
    kyc: () => import('./bm-MY/kyc.json'),
    network: () => import('./bm-MY/network.json'),
    reserves: () => import('./bm-MY/reserves.json'),
  },
};

export async function loadPageNamespace(lang: Language, ns: PageNamespace): Promise<Record<string, unknown>> {
  return (await PAGE_LOADERS[lang][ns]()).default;
}

/** Every namespace of a language (the tests compare languages with it). */
export async function loadResources(lang: Language): Promise<Resources> {
  const first = (await LOADERS[lang]()).default;
  return {
    ...first,
    admin: await loadPageNamespace(lang, 'admin'),
    content: await loadPageNamespace(lang, 'content'),
    trading: await loadPageNamespace(lang, 'trading'),
    shop: await loadPageNamespace(lang, 'shop'),
    chain: await loadPageNamespace(lang, 'chain'),
    kyc: await loadPageNamespace(lang, 'kyc'),
    network: await loadPageNamespace(lang, 'network'),
    reserves: await loadPageNamespace(lang, 'reserves'),
  };
}

export async function loadLanguageModule(lang: Language): Promise<LanguageModule> {
  return LOADERS[lang]();
}
