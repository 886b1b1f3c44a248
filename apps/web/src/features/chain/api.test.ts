import { afterAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespace, setLanguage } from '../../lib/i18n.ts';
import { chainName } from './api.ts';

afterAll(async () => {
  await setLanguage('en-US');
});

describe('chain names', () => {
  it("shows the server's default test-chain name in the member's language, and an operator's name as it is", async () => {
    await loadNamespace('chain');
    for (const [lang, local] of [
      ['zh-CN', '本地测试链'],
      ['bm-MY', 'Rantaian ujian tempatan'],
      ['en-US', 'Local test chain'],
    ] as const) {
      await setLanguage(lang);
      const t = i18n.getFixedT(lang, 'chain');
      expect(chainName('Local test chain', t)).toBe(local);
      expect(chainName('Ethereum', t)).toBe('Ethereum');
    }
  });
});
