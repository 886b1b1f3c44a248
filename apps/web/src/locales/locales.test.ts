import { LANGUAGES, SPEC_ROUTES } from '@mp/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadResources, NAMESPACES, type Resources } from './index.ts';

const resources = {} as Record<(typeof LANGUAGES)[number], Resources>;
beforeAll(async () => {
  for (const lang of LANGUAGES) resources[lang] = await loadResources(lang);
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it.each(NAMESPACES)('namespace %s has the same keys in every language', (ns) => {
    const english = keysOf(resources['en-US'][ns]).sort();
    for (const lang of LANGUAGES) expect(keysOf(resources[lang][ns]).sort()).toEqual(english);
  });

  it('every spec route has a title in every language', () => {
    for (const lang of LANGUAGES) {
      const titles = resources[lang].routes;
      for (const { path } of SPEC_ROUTES) expect(titles[path], `${lang} ${path}`).toBeTruthy();
    }
  });

  it('uses the glossary for the fixed texts', () => {
    expect(resources['zh-CN'].home).toMatchObject({ exitPressAgain: '再按一次退出' });
    expect(resources['bm-MY'].common).toMatchObject({ comingSoon: { title: 'Akan datang' } });
    expect(resources['en-US'].common).toMatchObject({ update: { title: 'A new version is available' } });
  });
});
