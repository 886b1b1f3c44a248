import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const menu = {
  wallets: [{ wallet: 'funds', to_wallet: 'funds', asset: 'USDT', available: '1500.5' }],
  fee_percent: '1',
  min_amount: '1',
  max_amount: '0',
};

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

async function fillTransfer() {
  renderAt('/pages/Wallet/CurrencyOther?type=transfer');
  expect((await screen.findByTestId('transfer-available')).textContent).toBe('1,500.50 USDT');
  type('transfer-to', 'bob22');
  await waitFor(() => expect(screen.getByTestId('transfer-to-result').dataset.state).toBe('ok'), {
    timeout: 2000,
  });
  type('transfer-amount', '1,000');
  expect((await screen.findByTestId('transfer-fee')).textContent).toBe('10.00 USDT');
  expect(screen.getByTestId('transfer-total').textContent).toBe('1,010.00 USDT');
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await screen.findByTestId('transfer-sheet-password');
  type('transfer-sheet-password', 'secret1');
  fireEvent.click(screen.getByTestId('transfer-sheet-confirm'));
}

describe('transfer', () => {
  it('shows the masked name of the receiving member as it is typed, or why they cannot receive', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'asset/transfer': menu,
        'asset/checktransferuser': (b: Record<string, unknown>) =>
          b.to_userid === 'bob22'
            ? { userid: 'bob22', name: 'B**b' }
            : new Refuse(404, 'The receiving member does not exist', [
                { field: 'to_userid', message: 'The receiving member does not exist' },
              ]),
      }).fetch,
    );
    renderAt('/pages/Wallet/CurrencyOther?type=transfer');
    await screen.findByTestId('transfer-form');
    type('transfer-to', 'bob22');
    await waitFor(() => expect(screen.getByTestId('transfer-to-result').dataset.state).toBe('ok'), {
      timeout: 2000,
    });
    expect(screen.getByTestId('transfer-to-result').textContent).toBe('bob22 (B**b)');
    type('transfer-to', 'nobody');
    await waitFor(() => expect(screen.getByTestId('transfer-to-result').dataset.state).toBe('error'), {
      timeout: 2000,
    });
    expect(screen.getByTestId('transfer-to-result').textContent).toBe('The receiving member does not exist');
    expect(document.body.textContent).not.toContain('error_code:404');
  });

  it('shows a refusal on the result page, and goes back to the form with the values kept', async () => {
    const api = scriptedApi({
      'asset/transfer': menu,
      'asset/checktransferuser': { userid: 'bob22', name: 'B**b' },
      'asset/transfersave': new Refuse(422, 'Insufficient available balance', [
        { field: 'amount', message: 'Insufficient available balance' },
      ]),
    });
    vi.stubGlobal('fetch', api.fetch);
    await fillTransfer();
    const result = await screen.findByTestId('transfer-result');
    expect(result.dataset.state).toBe('error');
    expect(screen.getByTestId('transfer-result-message').textContent).toBe('Insufficient available balance');
    expect(api.bodiesOf('asset/transfersave')[0]).toMatchObject({
      to_userid: 'bob22',
      amount: '1000',
      wallet: 'funds',
      tx_password: 'secret1',
    });
    fireEvent.click(screen.getByTestId('transfer-back'));
    await waitFor(() => expect(screen.queryByTestId('transfer-result')).toBeNull());
    expect(inputOf('transfer-amount').value).toBe('1,000');
    expect(await screen.findByText('Insufficient available balance')).toBeTruthy();
  });

  it('keeps a wrong password in the sheet and retries the same submission with the same key', async () => {
    let calls = 0;
    const api = scriptedApi({
      'asset/transfer': menu,
      'asset/checktransferuser': { userid: 'bob22', name: 'B**b' },
      'asset/transfersave': (b: Record<string, unknown>) => {
        calls += 1;
        if (calls === 1) {
          return new Refuse(403, 'Wrong transaction password', [
            { field: 'tx_password', message: 'Wrong transaction password' },
          ]);
        }
        return {
          id: '77',
          amount: b.amount,
          fee: '10',
          asset: 'USDT',
          created_at: '2030-01-01T00:00:00Z',
          to_userid: 'bob22',
          wallet: 'funds',
          balance_after: '490.5',
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await fillTransfer();
    expect((await screen.findByTestId('transfer-sheet-password-error')).textContent).toBe(
      'Wrong transaction password',
    );
    type('transfer-sheet-password', 'secret2');
    fireEvent.click(screen.getByTestId('transfer-sheet-confirm'));
    const result = await screen.findByTestId('transfer-result');
    expect(result.dataset.state).toBe('success');
    expect(screen.getByTestId('transfer-result-balance').textContent).toBe('490.50 USDT');
    const [first, second] = api.bodiesOf('asset/transfersave');
    expect(first?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
    expect(second?.tx_password).toBe('secret2');
    expect(screen.getByTestId('transfer-history-link').getAttribute('href')).toBe(
      '/pages/Wallet/Other_History?view=movements',
    );
  });
});
