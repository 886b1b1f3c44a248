import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { fakeApi, renderAt } from '../../../test/renderApp.tsx';

const userInfo = { userid: 'alice1', username: 'alice1', rank: 'Fans', role: 'member' };

function input(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId).querySelector('input');
  if (!el) throw new Error(`no input in ${testId}`);
  return el;
}

beforeEach(async () => {
  await setLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('shows username, password, submit and the links to sign up and forgot password', async () => {
    renderAt('/pages/login/login');
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(input('login-username')).toBeTruthy();
    expect(input('login-password').type).toBe('password');
    expect(screen.getByTestId('login-submit').textContent).toBe('Log in');
    expect(screen.getByTestId('login-register-link').getAttribute('href')).toBe('/pages/register/register');
    expect(screen.getByTestId('login-forgot-link').textContent).toBe('Forgot password');
  });

  it('is translated', async () => {
    await setLanguage('zh-CN');
    renderAt('/pages/login/login');
    expect((await screen.findByTestId('login-submit')).textContent).toBe('登录');
    expect(screen.getByTestId('login-forgot-link').textContent).toBe('忘记密码');
  });

  it('stores token and userInfo on success and goes home', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'Logon/login': { token: 'tok123', expires_at: '2030-01-01T00:00:00Z', userInfo },
        'Logon/getAnnouncement': { list: [], page: 1, pagesize: 10, total: 0 },
      }),
    );
    const { router } = renderAt('/pages/login/login');
    await screen.findByTestId('login-page');
    fireEvent.change(input('login-username'), { target: { value: 'alice1' } });
    fireEvent.change(input('login-password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/home'));
    expect(localStorage.getItem('token')).toBe('tok123');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toEqual(userInfo);
  });

  it('shows the contract message for a missing username without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/pages/login/login');
    await screen.findByTestId('login-page');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('Logon/login'), expect.anything());
  });
});
