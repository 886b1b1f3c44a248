import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });
/** The details above the form also show the e-mail under `profile-email`: the field is found by its id. */
const typeEmail = (value: string) => {
  const input = document.getElementById('profile-email');
  if (!input) throw new Error('no e-mail field');
  fireEvent.change(input, { target: { value } });
};

const profile = {
  userid: 'alice1',
  username: 'alice1',
  name: '',
  email: 'alice@example.com',
  mobile: '',
  tel_prefix: '',
  rank: 'Fans',
  role: 'member',
  lang: 'en-US',
  sponsor_id: 'company',
  placement_id: 'company',
  side: 'L',
  joined_at: '2030-01-01T00:00:00Z',
  kyc_state: 'none',
  has_tx_password: true,
};

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
afterEach(() => Toast.clear());

describe('changing the e-mail', () => {
  it('asks for the password, a code sent to the current address (shown masked) and one sent to the new', async () => {
    const api = scriptedApi({
      'Member/getprofile': profile,
      'Member/securitystate': state(),
      'Member/getVerificationCode': (b: Record<string, unknown>) => ({
        destination: b.purpose === 'profile' ? 'a***@example.com' : 'n***@example.org',
        expires_in: 600,
        resend_in: 60,
      }),
      'Member/updateprofile': { ...profile, email: 'new@example.org' },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/profile');
    expect((await screen.findByTestId('profile-tac-send')).closest('.adm-form-item')?.textContent).toContain(
      'TAC sent to your current contact (a***@example.com)',
    );
    typeEmail('new@example.org');

    fireEvent.click(screen.getByTestId('profile-tac-send'));
    expect((await screen.findByTestId('profile-tac-hint')).textContent).toBe('Sent to a***@example.com');
    fireEvent.click(screen.getByTestId('profile-new-tac-send'));
    expect((await screen.findByTestId('profile-new-tac-hint')).textContent).toBe('Sent to n***@example.org');
    expect(api.bodiesOf('Member/getVerificationCode')).toEqual([
      { purpose: 'profile' },
      { purpose: 'profile_new', email: 'new@example.org' },
    ]);

    type('profile-tac', '111111');
    type('profile-new-tac', '222222');
    fireEvent.click(screen.getByTestId('profile-contact-save'));
    expect(await screen.findByText('Please enter your login password')).toBeTruthy();
    expect(api.bodiesOf('Member/updateprofile')).toHaveLength(0);

    type('profile-password', 'secret123');
    fireEvent.click(screen.getByTestId('profile-contact-save'));
    await waitFor(() => expect(api.bodiesOf('Member/updateprofile')).toHaveLength(1));
    expect(api.bodiesOf('Member/updateprofile')[0]).toEqual({
      email: 'new@example.org',
      password: 'secret123',
      tac: '111111',
      new_tac: '222222',
    });
  });

  it('a member with no contact on file gives only the password and the new address code', async () => {
    const api = scriptedApi({
      'Member/getprofile': { ...profile, email: '' },
      'Member/securitystate': state({ contact: '', contact_channel: '' }),
      'Member/updateprofile': profile,
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/profile');
    await screen.findByTestId('profile-new-tac');
    await waitFor(() => expect(api.bodiesOf('Member/securitystate')).toHaveLength(1));
    expect(screen.queryByTestId('profile-tac')).toBeNull();
    typeEmail('first@example.org');
    type('profile-password', 'secret123');
    type('profile-new-tac', '222222');
    fireEvent.click(screen.getByTestId('profile-contact-save'));
    await waitFor(() => expect(api.bodiesOf('Member/updateprofile')).toHaveLength(1));
    expect(api.bodiesOf('Member/updateprofile')[0]).not.toHaveProperty('tac');
  });
});
