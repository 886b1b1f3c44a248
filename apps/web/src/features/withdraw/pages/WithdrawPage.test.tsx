import { feeCeil, formatAmount, parseAmount, WITHDRAWAL_FEE_BPS } from '@mp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const menu = {
  wallet: 'funds',
  asset: 'USDT',
  min_amount: '20',
  fee_percent: '5',
  available: '2500',
  address_bound: true,
  totp_required: false,
};

/** The server's preview rule, for the fake: 5% of the amount, rounded up to the last minor unit. */
function preview(body: Record<string, unknown>) {
  const parsed = parseAmount(String(body.amount), 6);
  if (!parsed.ok) throw new Error('bad amount in test');
  const fee = feeCeil(parsed.value, WITHDRAWAL_FEE_BPS);
  return {
    amount: String(body.amount),
    fee: formatAmount(fee, 6),
    receive: formatAmount(parsed.value - fee, 6),
    asset: 'USDT',
    address: 'TXYZ…1234',
  };
}

const answers = {
  'asset/withdrawmenu': menu,
  'Asset/showWithdrawAddress': { bound: true, masked: 'TXYZ…1234', address_type: 'USDT-TRC20' },
  'Asset/withdrawNote': { notes: ['The minimum withdrawal is 20 USDT.', 'The fee is 5% of the amount.'] },
  'asset/withdraw': preview,
};

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('withdraw page', () => {
  it('asks a member without a bound address to bind one first', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({ ...answers, 'asset/withdrawmenu': { ...menu, address_bound: false } }).fetch,
    );
    const { router } = renderAt('/pages/Wallet/menuWithdraw');
    expect((await screen.findByTestId('withdraw-bind-prompt')).textContent).toContain(
      'Bind a withdrawal address before you withdraw.',
    );
    expect(screen.queryByTestId('withdraw-amount')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-bind-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/personal/WithdrawAdress'));
  });

  it("previews the fee (rounded up) and what arrives, from the server's preview", async () => {
    const api = scriptedApi(answers);
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Wallet/menuWithdraw');
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('2,500.00 USDT');
    expect(screen.getByTestId('withdraw-fee-rate').textContent).toBe('5% of the amount, rounded up');
    expect((await screen.findByTestId('withdraw-notes')).textContent).toContain(
      'The minimum withdrawal is 20 USDT.',
    );
    type('withdraw-amount', '1,000');
    await waitFor(() => expect(screen.getByTestId('withdraw-preview').dataset.source).toBe('server'));
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('50.00 USDT');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('950.00 USDT');
    expect(api.bodiesOf('asset/withdraw').at(-1)).toEqual({ amount: '1000' });

    // 5% of 20.000001 is 1.00000005: the fee rounds up to 1.000001.
    type('withdraw-amount', '20.000001');
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.000001 USDT'));
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('19.00 USDT');
  });

  it('refuses an amount below the minimum without asking the server', async () => {
    const api = scriptedApi(answers);
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Wallet/menuWithdraw');
    await screen.findByTestId('withdraw-form');
    type('withdraw-amount', '19.99');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('The minimum is 20.00 USDT')).toBeTruthy();
    // The fee the rule gives for what was typed (5%, exact), not a dash: the member sees what it would cost.
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0.9995 USDT');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('18.9905 USDT');
    expect(screen.getByTestId('withdraw-preview').getAttribute('data-source')).toBe('estimate');
    expect(api.bodiesOf('asset/withdraw')).toHaveLength(0);
    expect(screen.queryByTestId('withdraw-sheet-password')).toBeNull();
  });

  it('sends the request with the authenticator code when two-factor is on, then shows the result', async () => {
    const api = scriptedApi({
      ...answers,
      'asset/withdrawmenu': { ...menu, totp_required: true },
      'asset/withdrawsave': (b: Record<string, unknown>) => ({
        id: '9',
        userid: 'alice1',
        ...preview(b),
        address_type: 'USDT-TRC20',
        status: 'pending',
        reason: '',
        created_at: '2030-01-01T00:00:00Z',
        decided_at: '',
        decided_by: '',
        payout_state: '',
        tx_hash: '',
        explorer_url: '',
        payout_error: '',
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Wallet/menuWithdraw');
    await screen.findByTestId('withdraw-form');
    type('withdraw-amount', '100');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('withdraw-sheet-totp');
    type('withdraw-sheet-password', 'secret1');
    type('withdraw-sheet-totp', '654321');
    fireEvent.click(screen.getByTestId('withdraw-sheet-confirm'));
    expect((await screen.findByTestId('withdraw-result')).dataset.state).toBe('success');
    expect(screen.getByTestId('withdraw-result-receive').textContent).toBe('95.00 USDT');
    expect(screen.getByTestId('withdraw-result-status').textContent).toBe('Waiting for approval');
    expect(api.bodiesOf('asset/withdrawsave')[0]).toMatchObject({
      amount: '100',
      tx_password: 'secret1',
      totp: '654321',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('shows a withdrawal paid by hand as being paid by the team, then paid with its transaction', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const row = (id: string, payout: Record<string, string>) => ({
      id,
      userid: 'alice1',
      amount: '100',
      fee: '5',
      receive: '95',
      asset: 'USDT',
      address: `0x${'12'.repeat(20)}`,
      address_type: 'USDT-BEP20',
      status: 'approved',
      reason: '',
      created_at: '2030-01-01T00:00:00Z',
      decided_at: '2030-01-02T00:00:00Z',
      decided_by: 'admin',
      tx_hash: '',
      explorer_url: '',
      payout_error: '',
      ...payout,
    });
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        ...answers,
        'Asset/withdrawlist': {
          list: [
            row('2', { payout_state: 'manual' }),
            row('1', {
              payout_state: 'confirmed',
              tx_hash: hash,
              explorer_url: `https://bscscan.example/tx/${hash}`,
            }),
          ],
          page: 1,
          pagesize: 10,
          total: 2,
        },
      }).fetch,
    );
    renderAt('/pages/Wallet/menuWithdraw?tab=list');
    expect((await screen.findByTestId('withdrawal-2-payout')).textContent).toBe(
      'Approved: being paid by our team',
    );
    expect(screen.queryByTestId('withdrawal-2-tx')).toBeNull();
    expect(screen.getByTestId('withdrawal-1-payout').querySelector('.payout-state')?.textContent).toBe(
      'Paid',
    );
    const tx = screen.getByTestId('withdrawal-1-tx');
    expect(tx.textContent).toBe(`${hash.slice(0, 10)}…${hash.slice(-8)}`);
    expect(tx.getAttribute('href')).toBe(`https://bscscan.example/tx/${hash}`);
  });
});
