import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { adminToken } from '../../../test/money.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      app: {
        latestVersion: '1.2.0',
        minVersion: '1.1.0',
        downloadUrl: 'https://example.com/app',
        tabSet: 'four',
      },
    },
  });
});
afterAll(() => t.close());

describe('system calls', () => {
  it('index/downloadurl gives the download addresses', async () => {
    const res = await t.call('index/downloadurl');
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({
      status: 1,
      code: 200,
      data: { android_url: 'https://example.com/app' },
    });
  });

  it('index/check_version says when an update exists and when it is forced', async () => {
    expect(await t.ok('index/check_version', { version: '1.2.0' })).toMatchObject({
      has_update: false,
      force: false,
    });
    expect(await t.ok('index/check_version', { version: '1.1.5' })).toMatchObject({
      has_update: true,
      force: false,
      latest: '1.2.0',
    });
    expect(await t.ok('index/check_version', { version: '1.0.9' })).toMatchObject({
      has_update: true,
      force: true,
    });
  });

  it('Index/getdata publishes languages, the tab set, prefixes and constants', async () => {
    const data = await t.ok<{
      languages: string[];
      tabs: string[];
      tel_prefixes: unknown[];
      constants: { username_min: number };
    }>('Index/getdata');
    expect(data.languages).toEqual(['en-US', 'zh-CN', 'bm-MY']);
    expect(data.tabs).toEqual(['home', 'shop', 'wallet', 'me']);
    expect(data.tel_prefixes.length).toBeGreaterThan(5);
    expect(data.constants.username_min).toBe(5);
  });

  it('Index/getdata follows the operator tab setting', async () => {
    await t.db
      .insertInto('settings')
      .values({ key: 'tab_set', value: JSON.stringify('six') })
      .execute();
    const data = await t.ok<{ tab_set: string; tabs: string[] }>('Index/getdata');
    expect(data.tab_set).toBe('six');
    expect(data.tabs).toEqual(['home', 'mining', 'wallet', 'market', 'me', 'defi']);
    await t.db.deleteFrom('settings').where('key', '=', 'tab_set').execute();
  });

  it('logon/getTelPrefix lists the country prefixes for mobile sign-up', async () => {
    const data = await t.ok<{ list: { prefix: string; country: string }[] }>('logon/getTelPrefix');
    expect(data.list[0]).toEqual({ prefix: '+60', country: 'MY', name: 'Malaysia' });
    expect(new Set(data.list.map((p) => p.prefix)).size).toBe(data.list.length);
  });

  it('matches call names case-insensitively', async () => {
    const res = await t.call('INDEX/GETDATA');
    expect(res.body.status).toBe(1);
  });

  it('answers an unknown call with HTTP 404 and the envelope', async () => {
    const res = await t.call('Nope/nothing');
    expect(res.http).toBe(404);
    expect(res.body).toEqual({ status: 0, code: 404, msg: 'error_code:404' });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Logon/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, code: 400 });
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Index/getdata' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document with the calls (to admins)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${await adminToken(t)}` },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/Signup/signupsave');
    const kyc = doc.paths['/api/Home/submitKYC'] as {
      post: { requestBody: { content: Record<string, unknown> } };
    };
    expect(Object.keys(kyc.post.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
