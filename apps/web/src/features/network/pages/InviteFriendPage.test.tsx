import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const invitation = {
  code: 'alice1',
  link: 'https://app.example/pages/register/register?sponsor=alice1',
  left_link: 'https://app.example/pages/register/register?sponsor=alice1&side=L',
  right_link: 'https://app.example/pages/register/register?sponsor=alice1&side=R',
  qr_data_url: 'data:image/png;base64,iVBORw0KGgo=',
};

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('invite friends page', () => {
  it('shows the QR code, the code and the links, and copies the link', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('fetch', scriptedApi({ 'member/invitationcode': invitation }).fetch);
    renderAt('/pages/personal/InviteFriend');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('alice1');
    expect(screen.getByTestId('invite-qr').getAttribute('src')).toBe(invitation.qr_data_url);
    expect(screen.getByTestId('invite-link-url').textContent).toBe(invitation.link);
    expect(screen.getByTestId('invite-right-url').textContent).toBe(invitation.right_link);
    fireEvent.click(screen.getByTestId('invite-link-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(invitation.link));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });
});
