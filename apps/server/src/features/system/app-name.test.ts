import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the app's name", () => {
  it("is given in the reader's language, in English for a language the app does not speak", async () => {
    const nameIn = async (lang: string) =>
      (await t.ok<{ app_name: string }>('Index/getdata', {}, { lang })).app_name;
    expect(await nameIn('zh-CN')).toBe('会员平台');
    expect(await nameIn('bm-MY')).toBe('Platform Ahli');
    expect(await nameIn('en-US')).toBe('Member Platform');
    expect(await nameIn('fr-FR')).toBe('Member Platform');
  });
});
