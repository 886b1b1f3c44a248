import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { securityHeaders } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it("answers every call with helmet's security headers", async () => {
  const res = await t.call('Index/getdata');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const unknown = await t.call('Nope/nothing');
  expect(unknown.headers['x-content-type-options']).toBe('nosniff');
});

it('works the headers out once, the same as helmet sets them', () => {
  const headers = securityHeaders({});
  expect(Object.keys(headers)).toEqual(
    expect.arrayContaining([
      'content-security-policy',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
    ]),
  );
  expect(headers['x-powered-by']).toBeUndefined();
});
