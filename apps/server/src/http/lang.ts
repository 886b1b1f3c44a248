import { DEFAULT_LANGUAGE, type Language } from '@mp/contract';

/** Maps a language tag (`lang` field or Accept-Language) to one of the three app languages. */
export function pickLanguage(...candidates: (string | undefined)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
      if (tag.startsWith('zh')) return 'zh-CN';
      if (tag.startsWith('bm') || tag.startsWith('ms')) return 'bm-MY';
      if (tag.startsWith('en')) return 'en-US';
    }
  }
  return DEFAULT_LANGUAGE;
}
