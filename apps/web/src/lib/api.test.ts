import { checkVersion, defineCall, getProfile, login, updatePwd } from '@mp/contract';
import { Dialog, Toast } from 'antd-mobile';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, apiEnvelope } from './api.ts';
import { setLanguage } from './i18n.ts';
import { pendingRequests } from './loading.ts';
import { registerNavigate } from './navigation.ts';

type Sent = { url: string; init: RequestInit };

let sent: Sent[] = [];

function respond(httpStatus: number, body: unknown) {
  return vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), {
      status: httpStatus,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

/** Lets antd-mobile render its toast or modal, then returns what the page shows. */
async function screenText(): Promise<string> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return document.body.textContent ?? '';
}

const homeCoin = defineCall({
  name: 'Main/homecoin',
  method: 'POST',
  auth: 'public',
  tag: 'home',
  summary: 'test double of the spec call exempt from the loading indicator',
  request: z.object({}),
  response: z.object({}),
});

const ping = defineCall({ ...homeCoin, name: 'index/ping' });

const userInfo = { userid: 'alice1', username: 'alice1', rank: 'Fans', role: 'member' } as const;

beforeEach(async () => {
  sent = [];
  await setLanguage('en-US');
  window.location.hash = '#/pages/personal/profile';
  registerNavigate(null);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Toast.clear();
  Dialog.clear();
  await screenText();
});

describe('api client: success', () => {
  it('returns the typed data of a status 1 envelope', async () => {
    vi.stubGlobal(
      'fetch',
      respond(200, {
        status: 1,
        code: 200,
        msg: 'Success',
        data: { token: 't0k', expires_at: '2030-01-01', userInfo },
      }),
    );
    const data = await api(login, { username: 'alice1', password: 'secret1' });
    expect(data.userInfo.userid).toBe('alice1');
    expect(sent[0]?.url).toBe('/api/Logon/login');
    expect(sent[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ username: 'alice1', password: 'secret1' });
  });

  it('sends GET calls with a query string and the message along with the data', async () => {
    const version = {
      current: '1.0.0',
      latest: '1.0.0',
      has_update: false,
      force: false,
      download_url: '',
      notes: '',
    };
    vi.stubGlobal('fetch', respond(200, { status: 1, code: 200, msg: 'Success', data: version }));
    await expect(apiEnvelope(checkVersion, { version: '1.0.0', platform: 'web' })).resolves.toEqual({
      data: version,
      msg: 'Success',
    });
    expect(sent[0]?.url).toBe('/api/index/check_version?version=1.0.0&platform=web');
    expect(sent[0]?.init.method).toBe('GET');
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it('sends the bearer token and the app language', async () => {
    localStorage.setItem('token', 'abc');
    await setLanguage('zh-CN');
    vi.stubGlobal('fetch', respond(200, { status: 1, code: 200, msg: 'ok', data: {} }));
    await api(updatePwd, { old_password: 'a', password: 'b', confirm_password: 'b' });
    const headers = new Headers(sent[0]?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
  });
});

describe('api client: loading indicator', () => {
  it('shows while a request is in flight and hides after', async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const call = api(ping, {});
    await Promise.resolve();
    expect(pendingRequests()).toBe(1);
    release(new Response(JSON.stringify({ status: 1, code: 200, msg: 'ok', data: {} })));
    await call;
    expect(pendingRequests()).toBe(0);
  });

  it('is not shown for the home-coin call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    void api(homeCoin, {});
    await Promise.resolve();
    expect(pendingRequests()).toBe(0);
  });
});

describe('api client: error catalogue', () => {
  it('HTTP 404 shows the error_code:404 modal with one Confirm button', async () => {
    vi.stubGlobal('fetch', respond(404, { status: 0, code: 404, msg: 'Not found' }));
    await expect(api(getProfile, {})).rejects.toMatchObject({ code: 404 });
    expect(await screenText()).toContain('error_code:404');
    const buttons = [...document.querySelectorAll('.adm-dialog button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Confirm']);
  });

  it('HTTP 404 naming fields is a refusal: toast of the message and the field errors, no 404 modal', async () => {
    // The previous test's modal closes with an animation: start from a screen without one.
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    const errors = [{ field: 'to_userid', message: 'The receiving member does not exist' }];
    vi.stubGlobal(
      'fetch',
      respond(404, { status: 0, code: 404, msg: 'The receiving member does not exist', errors }),
    );
    const error = await api(getProfile, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404, msg: 'The receiving member does not exist', errors });
    expect((error as ApiError).fieldError('to_userid')).toBe('The receiving member does not exist');
    const text = await screenText();
    expect(text).toContain('The receiving member does not exist');
    expect(text).not.toContain('error_code:404');
    expect(document.querySelector('.adm-dialog')).toBeNull();
  });

  it('status -9 clears the session, goes to login and says the session expired', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    localStorage.setItem('lang', 'en-US');
    vi.stubGlobal('fetch', respond(401, { status: -9, code: 401, msg: 'Session expired' }));
    await expect(api(getProfile, {})).rejects.toMatchObject({ code: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en-US');
    expect(window.location.hash).toBe('#/pages/login/login');
    expect(await screenText()).toContain('Your session has expired, please log in again');
  });

  it('status -9 on the login page stays there', async () => {
    window.location.hash = '#/pages/login/login?redirect=x';
    const navigate = vi.fn();
    registerNavigate(navigate);
    vi.stubGlobal('fetch', respond(401, { status: -9, code: 401, msg: 'Session expired' }));
    await expect(api(getProfile, {})).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/pages/login/login?redirect=x');
  });

  it('code 429 shows the "requesting too often" modal in the app language', async () => {
    await setLanguage('zh-CN');
    vi.stubGlobal('fetch', respond(429, { status: 0, code: 429, msg: 'Too many' }));
    await expect(api(getProfile, {})).rejects.toMatchObject({ code: 429 });
    expect(await screenText()).toContain('您的请求过于频繁，请休息一下再试');
  });

  it('a refusal toasts the server message and rejects with the field errors', async () => {
    const errors = [{ field: 'password', message: 'Password must be 6 to 64 characters' }];
    vi.stubGlobal(
      'fetch',
      respond(422, { status: 0, code: 422, msg: 'Please check the highlighted fields', errors }),
    );
    const error = await api(login, { username: 'alice1', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 422, msg: 'Please check the highlighted fields', errors });
    expect((error as ApiError).fieldError('password')).toBe('Password must be 6 to 64 characters');
    expect(await screenText()).toContain('Please check the highlighted fields');
  });

  it('status 0 with HTTP 200 is a refusal too', async () => {
    vi.stubGlobal('fetch', respond(200, { status: 0, code: 409, msg: 'This username is already taken' }));
    await expect(api(getProfile, {})).rejects.toMatchObject({ code: 409 });
    expect(await screenText()).toContain('This username is already taken');
  });

  it('any other HTTP status fails the request even with status 1 in the body', async () => {
    vi.stubGlobal('fetch', respond(500, { status: 1, code: 500, msg: 'Something went wrong' }));
    await expect(api(getProfile, {})).rejects.toMatchObject({ code: 500 });
    expect(await screenText()).toContain('Something went wrong');
  });

  it('a quiet call shows nothing but still rejects with the message', async () => {
    const errors = [{ field: 'sponsor_id', message: 'Sponsor ID does not exist' }];
    vi.stubGlobal('fetch', respond(404, { status: 0, code: 404, msg: 'Sponsor ID does not exist', errors }));
    await expect(api(getProfile, {}, { quiet: true })).rejects.toMatchObject({
      msg: 'Sponsor ID does not exist',
    });
    const text = await screenText();
    expect(text).not.toContain('error_code:404');
    expect(text).not.toContain('Sponsor ID does not exist');
  });

  it('a quiet call to an unknown call shows no 404 modal either', async () => {
    vi.stubGlobal('fetch', respond(404, { status: 0, code: 404, msg: 'Not found' }));
    await expect(api(getProfile, {}, { quiet: true })).rejects.toMatchObject({ code: 404 });
    expect(await screenText()).not.toContain('error_code:404');
  });

  it('a network failure toasts a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api(getProfile, {})).rejects.toMatchObject({ code: 0 });
    expect(await screenText()).toContain('Network error');
  });

  it('gives up after 60 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const result = api(getProfile, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(pendingRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: 0, msg: 'The request timed out. Please try again.' });
    expect(pendingRequests()).toBe(0);
  });
});
