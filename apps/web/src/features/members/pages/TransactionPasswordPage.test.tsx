import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

function fill() {
  type('txpwd-password', 'secret123');
  type('txpwd-tac', '123456');
  type('txpwd-new', 'newSecret9');
  type('txpwd-confirm', 'newSecret9');
}

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

afterEach(() => Toast.clear());

describe('transaction password', () => {
  it('asks for the login password and shows where the code went, masked', async () => {
    const api = scriptedApi({
      'Member/totpstatus': { enabled: false },
      'Member/getVerificationCode': { destination: 'a***@example.com', expires_in: 600, resend_in: 60 },
      'member/updateTransactionPwd': {},
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/TransactionPassword');
    await waitFor(() => expect(screen.getByTestId('txpwd-submit').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('txpwd-tac-send'));
    expect((await screen.findByTestId('txpwd-tac-hint')).textContent).toBe('Sent to a***@example.com');
    type('txpwd-tac', '123456');
    type('txpwd-new', 'newSecret9');
    type('txpwd-confirm', 'newSecret9');
    fireEvent.click(screen.getByTestId('txpwd-submit'));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(api.bodiesOf('member/updateTransactionPwd')).toHaveLength(0);
  });

  it('asks for the authenticator code when two-factor is on, and sends it', async () => {
    const api = scriptedApi({
      'Member/totpstatus': { enabled: true },
      'member/updateTransactionPwd': {},
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/TransactionPassword');
    await screen.findByTestId('txpwd-totp');
    fill();
    fireEvent.click(screen.getByTestId('txpwd-submit'));
    expect(await screen.findByText('Please enter the code from your authenticator app')).toBeTruthy();
    type('txpwd-totp', '12ab');
    fireEvent.click(screen.getByTestId('txpwd-submit'));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(api.bodiesOf('member/updateTransactionPwd')).toHaveLength(0);

    type('txpwd-totp', '654321');
    fireEvent.click(screen.getByTestId('txpwd-submit'));
    await waitFor(() => expect(api.bodiesOf('member/updateTransactionPwd')).toHaveLength(1));
    expect(api.bodiesOf('member/updateTransactionPwd')[0]).toEqual({
      password: 'secret123',
      tac: '123456',
      tx_password: 'newSecret9',
      confirm_tx_password: 'newSecret9',
      totp: '654321',
    });
  });

  it('has no code field when two-factor is off, and sends no code', async () => {
    const api = scriptedApi({
      'Member/totpstatus': { enabled: false },
      'member/updateTransactionPwd': {},
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/TransactionPassword');
    await waitFor(() => expect(api.bodiesOf('Member/totpstatus')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('txpwd-submit').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('txpwd-totp')).toBeNull();
    fill();
    fireEvent.click(screen.getByTestId('txpwd-submit'));
    await waitFor(() => expect(api.bodiesOf('member/updateTransactionPwd')).toHaveLength(1));
    expect(api.bodiesOf('member/updateTransactionPwd')[0]).not.toHaveProperty('totp');
  });

  it('shows the server’s refusal of a wrong code on the code field', async () => {
    const api = scriptedApi({
      'Member/totpstatus': { enabled: true },
      'member/updateTransactionPwd': new Refuse(422, 'The authenticator code is wrong or was already used', [
        { field: 'totp', message: 'The authenticator code is wrong or was already used' },
      ]),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/TransactionPassword');
    await screen.findByTestId('txpwd-totp');
    fill();
    type('txpwd-totp', '000000');
    fireEvent.click(screen.getByTestId('txpwd-submit'));
    await waitFor(() => {
      const item = inputOf('txpwd-totp').closest('.adm-form-item');
      expect(item?.textContent).toContain('The authenticator code is wrong or was already used');
    });
  });
});
