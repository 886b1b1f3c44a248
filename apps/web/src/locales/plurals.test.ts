import { LANGUAGES } from '@mp/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadResources, NAMESPACES, type Resources } from './index.ts';

// A count is shown through i18next plurals (`key_one` / `key_other`): English says "1 read" and "2 reads"; Chinese
// and Malay have no singular form, so i18next picks `_other` for every count there.

type Language = (typeof LANGUAGES)[number];
const resources = {} as Record<Language, Resources>;
const translators = {} as Record<Language, TFunction>;

beforeAll(async () => {
  for (const lang of LANGUAGES) {
    resources[lang] = await loadResources(lang);
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { [lang]: resources[lang] },
      lng: lang,
      ns: [...NAMESPACES],
      interpolation: { escapeValue: false },
    });
    translators[lang] = i18n.t;
  }
});

/** Every text of a namespace by its dotted key. */
function textsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => textsOf(v, prefix ? `${prefix}.${k}` : k));
}

/** The keys (without the suffix) that have plural forms in a namespace. */
function pluralKeys(lang: Language, ns: string): string[] {
  return textsOf(resources[lang][ns as keyof Resources])
    .filter(([key]) => key.endsWith('_other'))
    .map(([key]) => key.slice(0, -'_other'.length));
}

const fill = (text: string, count: number) => text.replaceAll('{{count}}', String(count));

describe('plurals', () => {
  it.each(LANGUAGES)('%s picks the right form for a count of 1 and of 2 in every plural text', (lang) => {
    const singular = new Intl.PluralRules(lang).select(1) === 'one';
    for (const ns of NAMESPACES) {
      const texts = Object.fromEntries(textsOf(resources[lang][ns]));
      for (const key of pluralKeys(lang, ns)) {
        const one = fill(texts[`${key}_${singular ? 'one' : 'other'}`] ?? '', 1);
        const two = fill(texts[`${key}_other`] ?? '', 2);
        // Only the count is given: other placeholders stay as they are.
        expect(translators[lang](`${ns}:${key}`, { count: 1 }), `${lang} ${ns}:${key}`).toBe(one);
        expect(translators[lang](`${ns}:${key}`, { count: 2 }), `${lang} ${ns}:${key}`).toBe(two);
      }
    }
  });

  it('says "1 read" and "2 reads", "1 payout" and "2 payouts" in English; the same word in Chinese and Malay', () => {
    const en = translators['en-US'];
    expect(en('content:read', { count: 1 })).toBe('1 read');
    expect(en('content:read', { count: 2 })).toBe('2 reads');
    expect(en('mining:ordersPaid', { count: 1 })).toBe('1 payout');
    expect(en('mining:ordersPaid', { count: 2 })).toBe('2 payouts');
    expect(en('trading:copy.termDays', { count: 1 })).toBe('1 day');
    expect(en('network:tree.viewing', { userid: 'bob', count: 1 })).toBe(
      'Showing from bob · 1 level below you',
    );
    expect(translators['zh-CN']('content:read', { count: 1 })).toBe('1 次阅读');
    expect(translators['zh-CN']('content:read', { count: 2 })).toBe('2 次阅读');
    expect(translators['bm-MY']('mining:ordersPaid', { count: 1 })).toBe('1 bayaran');
    expect(translators['bm-MY']('mining:ordersPaid', { count: 2 })).toBe('2 bayaran');
  });

  it('every English text that puts a plural noun after a count has a singular form', () => {
    const missing = NAMESPACES.flatMap((ns) =>
      textsOf(resources['en-US'][ns])
        .filter(([key, text]) => !key.endsWith('_other') && /\{\{count\}\}\s+[a-z]+s\b/i.test(text))
        .map(([key, text]) => `${ns}:${key} "${text}"`),
    );
    expect(missing).toEqual([]);
  });
});
