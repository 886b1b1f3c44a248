import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('two-factor', () => {
  it('shows the QR code and the secret to set up an authenticator', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Member/totpstatus': { enabled: false },
        'Member/totpsetup': {
          enabled: false,
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_data_url: 'data:image/png;base64,AAAA',
        },
      }).fetch,
    );
    renderAt('/pages/personal/security');
    expect((await screen.findByTestId('totp-status')).dataset.state).toBe('off');
    fireEvent.click(screen.getByTestId('totp-start'));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('totp-qr').getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });

  it('turns two-factor on only with the login password too', async () => {
    const api = scriptedApi({
      'Member/totpstatus': { enabled: false },
      'Member/totpsetup': {
        enabled: false,
        secret: 'S',
        otpauth_url: 'otpauth://totp/x',
        qr_data_url: 'data:,',
      },
      'Member/totpenable': { enabled: true },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/security');
    fireEvent.click(await screen.findByTestId('totp-start'));
    await screen.findByTestId('totp-setup');
    type('totp-code', '123456');
    fireEvent.click(await screen.findByTestId('totp-enable'));
    expect((await screen.findByTestId('totp-code-error')).textContent).toBe('Please enter your passwords');
    expect(api.bodiesOf('Member/totpenable')).toHaveLength(0);
    type('totp-password', 'secret123');
    fireEvent.click(screen.getByTestId('totp-enable'));
    await waitFor(() =>
      expect(api.bodiesOf('Member/totpenable')).toEqual([{ totp: '123456', password: 'secret123' }]),
    );
  });

  it('turns two-factor off with the code, the transaction password and the login password, and warns of the hold', async () => {
    const api = scriptedApi({
      'Member/totpstatus': { enabled: true },
      'Member/totpdisable': { enabled: false },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/security');
    fireEvent.click(await screen.findByTestId('totp-disable'));
    expect((await screen.findByTestId('totp-disable-form')).textContent).toContain(
      'Turning two-factor authentication off pauses withdrawals and transfers for 24 hours.',
    );
    type('totp-off-totp', '654321');
    type('totp-off-tx_password', '123456');
    fireEvent.click(screen.getByTestId('totp-disable-confirm'));
    expect((await screen.findByTestId('totp-disable-error')).textContent).toBe('Please enter your passwords');
    type('totp-off-password', 'secret123');
    fireEvent.click(screen.getByTestId('totp-disable-confirm'));
    await waitFor(() =>
      expect(api.bodiesOf('Member/totpdisable')).toEqual([
        { totp: '654321', tx_password: '123456', password: 'secret123' },
      ]),
    );
  });
});
