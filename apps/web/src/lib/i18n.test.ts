import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n.ts';

afterAll(async () => {
  await setLanguage('en-US');
});

describe('the app name', () => {
  it('is the window title in the chosen language', async () => {
    await setLanguage('zh-CN');
    expect(document.title).toBe('会员平台');
    await setLanguage('bm-MY');
    expect(document.title).toBe('Platform Ahli');
    await setLanguage('en-US');
    expect(document.title).toBe('Member Platform');
  });
});
