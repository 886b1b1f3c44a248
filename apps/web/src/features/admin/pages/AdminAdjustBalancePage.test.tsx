import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

function adjusted(b: Record<string, unknown>) {
  return {
    id: '901',
    userid: String(b.userid),
    wallet: String(b.wallet),
    asset: String(b.asset),
    amount: String(b.amount),
    balance_after: '765.5',
    state: 'posted',
  };
}

async function openPage() {
  renderAt('/pages/admin/adjust');
  return screen.findByTestId('adjust-form');
}

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('adjust balance', () => {
  it('is not for members', async () => {
    logInAs('member');
    renderAt('/pages/admin/adjust');
    expect(await screen.findByTestId('no-permission')).toBeTruthy();
  });

  it('offers only the assets the chosen wallet holds', async () => {
    await openPage();
    const assets = () =>
      [...screen.getByTestId('adjust-asset').querySelectorAll('button')].map((b) => b.textContent);
    expect(assets()).toEqual(['USDT', 'XT']);
    fireEvent.click(screen.getByTestId('adjust-asset-XT'));
    fireEvent.click(screen.getByTestId('adjust-wallet-registration_points'));
    expect(assets()).toEqual(['RP']);
    expect(screen.getByTestId('adjust-asset').dataset.value).toBe('RP');
    fireEvent.click(screen.getByTestId('adjust-wallet-reward'));
    expect(assets()).toEqual(['USDT']);
  });

  it('refuses an empty form, zero, and more decimals than the asset has, without asking the server', async () => {
    const api = scriptedApi({ 'Admin/adjustbalance': adjusted });
    vi.stubGlobal('fetch', api.fetch);
    await openPage();
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Please enter an amount')).toBeTruthy();
    expect(screen.getByText('Reason is required')).toBeTruthy();

    fireEvent.click(screen.getByTestId('adjust-wallet-registration_points'));
    type('adjust-userid', 'alice1');
    type('adjust-reason', 'Refund of a double charge');
    type('adjust-amount', '-1.234');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('At most 2 decimal places')).toBeTruthy();
    type('adjust-amount', '-0.00');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('The amount must be more than 0')).toBeTruthy();
    type('adjust-amount', '--5');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    expect(screen.queryByTestId('adjust-confirm')).toBeNull();
    expect(api.bodiesOf('Admin/adjustbalance')).toHaveLength(0);
  });

  it('confirms a debit, sends the signed amount, and reuses the idempotency key when the same request is retried', async () => {
    let calls = 0;
    const api = scriptedApi({
      'Admin/adjustbalance': (b: Record<string, unknown>) => {
        calls += 1;
        return calls === 1 ? new Refuse(503, 'Service busy, please try again') : adjusted(b);
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await openPage();
    fireEvent.click(screen.getByTestId('adjust-asset-XT'));
    type('adjust-userid', ' alice1 ');
    type('adjust-amount', '-1,234.5');
    type('adjust-reason', 'Reverse a mistaken credit');

    const confirm = async () => {
      fireEvent.click(screen.getByTestId('adjust-submit'));
      expect((await screen.findByTestId('adjust-confirm-effect')).textContent).toBe(
        'Take from the Funds wallet of alice1: 1,234.50 XT',
      );
      expect(screen.getByTestId('adjust-confirm-effect').dataset.direction).toBe('debit');
      fireEvent.click(screen.getByTestId('adjust-confirm-ok'));
    };
    await confirm();
    await waitFor(() => expect(screen.queryByTestId('adjust-confirm')).toBeNull());
    expect(screen.queryByTestId('adjust-result')).toBeNull();
    await confirm();
    expect((await screen.findByTestId('adjust-result-balance')).textContent).toBe('765.50 XT');
    expect(screen.getByTestId('adjust-result-amount').textContent).toBe('-1,234.50 XT');

    const bodies = api.bodiesOf('Admin/adjustbalance');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      userid: 'alice1',
      wallet: 'funds',
      asset: 'XT',
      amount: '-1234.5',
      reason: 'Reverse a mistaken credit',
    });
    expect(typeof bodies[0]?.idempotency_key).toBe('string');
    expect(bodies[1]).toEqual(bodies[0]);
    // The form is cleared for the next adjustment.
    expect(inputOf('adjust-amount').value).toBe('');
  });

  it('confirms a credit as a credit, and gives the next submission a new key', async () => {
    const api = scriptedApi({ 'Admin/adjustbalance': adjusted });
    vi.stubGlobal('fetch', api.fetch);
    await openPage();
    const submit = async (amount: string) => {
      type('adjust-userid', 'bob22');
      type('adjust-amount', amount);
      type('adjust-reason', 'Promotion');
      fireEvent.click(screen.getByTestId('adjust-submit'));
      const effect = await screen.findByTestId('adjust-confirm-effect');
      expect(effect.dataset.direction).toBe('credit');
      // The admin confirms exactly what will move: every digit, not the list's cents.
      expect(screen.getByTestId('adjust-confirm-amount').textContent).toBe(
        amount === '+2.123456' ? '2.123456 USDT' : '2.50 USDT',
      );
      fireEvent.click(screen.getByTestId('adjust-confirm-ok'));
      await waitFor(() => expect(screen.queryByTestId('adjust-confirm')).toBeNull());
    };
    await submit('+2.123456');
    await submit('2.5');
    const bodies = api.bodiesOf('Admin/adjustbalance');
    expect(bodies.map((b) => b.amount)).toEqual(['2.123456', '2.5']);
    expect(bodies[0]?.idempotency_key).not.toBe(bodies[1]?.idempotency_key);
  });
});
