import type { Language } from '@mp/contract';

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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Resources = Record<Namespace, Record<string, unknown>>;

/** Each language is its own chunk: a phone downloads only the texts of the language it shows. */
const LOADERS: Record<Language, () => Promise<{ default: Resources }>> = {
  'en-US': () => import('./en-US/index.ts'),
  'zh-CN': () => import('./zh-CN/index.ts'),
  'bm-MY': () => import('./bm-MY/index.ts'),
};

export async function loadResources(lang: Language): Promise<Resources> {
  return (await LOADERS[lang]()).default;
}
