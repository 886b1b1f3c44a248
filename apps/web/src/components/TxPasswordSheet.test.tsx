import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { inputOf, scriptedApi } from '../test/renderApp.tsx';
import { TxPasswordSheet } from './TxPasswordSheet.tsx';

type Props = Parameters<typeof TxPasswordSheet>[0];

function renderSheet(props: Partial<Props> = {}) {
  const onConfirm = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TxPasswordSheet visible onClose={() => {}} onConfirm={onConfirm} {...props} />
    </QueryClientProvider>,
  );
  return { onConfirm };
}

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('transaction password sheet', () => {
  it('asks for the password before confirming', async () => {
    const { onConfirm } = renderSheet({ summary: 'Send 10 USDT' });
    expect((await screen.findByTestId('tx-sheet-summary')).textContent).toBe('Send 10 USDT');
    expect(screen.queryByTestId('tx-sheet-totp')).toBeNull();
    fireEvent.click(screen.getByTestId('tx-sheet-confirm'));
    expect((await screen.findByTestId('tx-sheet-password-error')).textContent).toBe(
      'Transaction password is required',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    type('tx-sheet-password', 'my secret');
    fireEvent.click(screen.getByTestId('tx-sheet-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ tx_password: 'my secret' }));
  });

  it('takes six digits in the PIN variant', async () => {
    const { onConfirm } = renderSheet({ variant: 'digits' });
    type('tx-sheet-password', '12345');
    fireEvent.click(await screen.findByTestId('tx-sheet-confirm'));
    expect((await screen.findByTestId('tx-sheet-password-error')).textContent).toBe(
      'Enter the 6 digits of your transaction password',
    );
    type('tx-sheet-password', '123456');
    fireEvent.click(screen.getByTestId('tx-sheet-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ tx_password: '123456' }));
  });

  it('also asks for the authenticator code when the operation needs it', async () => {
    const { onConfirm } = renderSheet({ totp: true });
    type('tx-sheet-password', 'pw123456');
    fireEvent.click(await screen.findByTestId('tx-sheet-confirm'));
    expect((await screen.findByTestId('tx-sheet-totp-error')).textContent).toBe(
      'Authenticator code is required',
    );
    type('tx-sheet-totp', '12a34 56');
    expect(inputOf('tx-sheet-totp').value).toBe('123456');
    fireEvent.click(screen.getByTestId('tx-sheet-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ tx_password: 'pw123456', totp: '123456' }));
  });

  it('asks for the code only when two-factor is on, in auto mode', async () => {
    const api = scriptedApi({ 'Member/totpstatus': { enabled: true } });
    vi.stubGlobal('fetch', api.fetch);
    renderSheet({ totp: 'auto' });
    expect(await screen.findByTestId('tx-sheet-totp')).toBeTruthy();
    expect(api.bodiesOf('Member/totpstatus')).toHaveLength(1);
  });

  it('leaves the code out when two-factor is off, in auto mode', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Member/totpstatus': { enabled: false } }).fetch);
    const { onConfirm } = renderSheet({ totp: 'auto' });
    await waitFor(() => expect(screen.getByTestId('tx-sheet-confirm').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('tx-sheet-totp')).toBeNull();
    type('tx-sheet-password', 'pw');
    fireEvent.click(screen.getByTestId('tx-sheet-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ tx_password: 'pw' }));
  });

  it("shows the server's message for a wrong password, translated labels", async () => {
    await setLanguage('zh-CN');
    renderSheet({ errors: { tx_password: '交易密码错误' } });
    expect((await screen.findByTestId('tx-sheet-password-error')).textContent).toBe('交易密码错误');
    expect(screen.getByTestId('tx-sheet-confirm').textContent).toBe('确认');
  });
});
