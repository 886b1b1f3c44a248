import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../test/renderApp.tsx';

const state = (extra: Record<string, unknown> = {}) => ({
  hold_until: '',
  hold_reason: '',
  contact: 'a***@example.com',
  contact_channel: 'email',
  totp_enabled: false,
  ...extra,
});

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('the security hold', () => {
  const hold = state({ hold_until: '2030-11-27T21:40:00Z', hold_reason: 'email_changed' });

  it('is shown on the withdraw page with until when and why', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Member/securitystate': hold,
        'asset/withdrawmenu': {
          wallet: 'funds',
          asset: 'USDT',
          min_amount: '20',
          fee_percent: '5',
          available: '100',
          address_bound: true,
          totp_required: false,
        },
        'Asset/showWithdrawAddress': { bound: true, masked: 'TXYZ…1234', address_type: 'USDT-TRC20' },
        'Asset/withdrawNote': { notes: [] },
      }).fetch,
    );
    renderAt('/pages/Wallet/menuWithdraw');
    const banner = await screen.findByTestId('security-hold-banner', {}, { timeout: 5000 });
    expect(banner.textContent).toMatch(
      /^Withdrawals and transfers are paused until .*2030.* because your e-mail was changed\.$/,
    );
    expect(banner.dataset.until).toBe('2030-11-27T21:40:00Z');
  });

  it('is shown on the account settings screen, in Chinese too, and not at all without a hold', async () => {
    await setLanguage('zh-CN');
    vi.stubGlobal('fetch', scriptedApi({ 'Member/securitystate': hold }).fetch);
    const first = renderAt('/pages/personal/AccountSetting');
    expect((await screen.findByTestId('security-hold-banner')).textContent).toMatch(
      /^由于您的邮箱已更改，提现和转账暂停至 .*2030.*。$/,
    );
    first.unmount();
    const api = scriptedApi({ 'Member/securitystate': state() });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/AccountSetting');
    await waitFor(() => expect(api.bodiesOf('Member/securitystate')).toHaveLength(1));
    await screen.findByTestId('account-setting-page');
    expect(screen.queryByTestId('security-hold-banner')).toBeNull();
  });
});
