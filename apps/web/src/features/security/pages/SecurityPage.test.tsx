import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

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
});
