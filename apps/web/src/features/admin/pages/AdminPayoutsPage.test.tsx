import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const network = (code: string, enabled: boolean, automatic: boolean) => ({
  code,
  name: code,
  enabled,
  mode: automatic ? 'automatic' : 'manual',
  automatic_available: automatic,
});

/** An ERC-20 server: only ERC-20 has a hot wallet; the other two networks are paid by hand. */
const SETTINGS = {
  networks: [
    network('USDT-TRC20', true, false),
    network('USDT-ERC20', true, true),
    network('USDT-BEP20', true, false),
  ],
  limit_per_withdrawal_usdt: '5000',
  limit_daily_usdt: '20000',
  paid_automatically_today: '1234.5',
  two_person_threshold_usdt: '10000',
  wait_alert_hours: 24,
};

const role = (r: string, totp = false) => ({ role: r, totp_enabled: totp, totp_enrolment_required: false });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
  vi.unstubAllGlobals();
});

describe('admin payout networks and limits', () => {
  it('shows a finance admin the settings read-only, from the menu', async () => {
    const api = scriptedApi({
      'Admin/myrole': role('finance'),
      'Admin/dashboard': new Refuse(503, 'Service busy'),
      'Admin/payoutsettings': SETTINGS,
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/admin');
    fireEvent.click(await screen.findByTestId('admin-menu-payouts'));
    expect((await screen.findByTestId('payouts-read-only')).textContent).toBe(
      'Only the owner can change these settings.',
    );
    expect(screen.queryByTestId('payouts-save')).toBeNull();
    expect(screen.getByTestId('payouts-paid-today').textContent).toBe('1,234.50 USDT');
    expect(inputOf('payouts-limit_per_withdrawal_usdt').value).toBe('5000');
    expect(inputOf('payouts-limit_per_withdrawal_usdt').readOnly).toBe(true);
    expect(inputOf('payouts-wait_alert_hours').value).toBe('24');
    const bep20 = screen.getByTestId('payouts-network-USDT-BEP20-enabled');
    expect(bep20.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(bep20);
    expect(bep20.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('payouts-network-USDT-BEP20-no-automatic').textContent).toBe(
      'No hot wallet on this network here: it can only be paid by hand.',
    );
    expect(screen.queryByTestId('payouts-network-USDT-ERC20-no-automatic')).toBeNull();
    expect(api.bodiesOf('Admin/payoutsettingssave')).toHaveLength(0);
  });

  it('lets the owner close a network and change a limit, saved with the step-up code; refusals show by their fields', async () => {
    let refuse = true;
    const api = scriptedApi({
      'Admin/myrole': role('owner', true),
      'Admin/payoutsettings': SETTINGS,
      'Admin/payoutsettingssave': (b: Record<string, unknown>) => {
        if (refuse) {
          refuse = false;
          return new Refuse(422, 'Please check the form', [
            {
              field: 'limit_daily_usdt',
              message: 'Daily limit of automatic payouts (USDT) must be an amount',
            },
          ]);
        }
        const networks = b.networks as { code: string; enabled: boolean; mode: string }[];
        return {
          ...SETTINGS,
          networks: SETTINGS.networks.map((n, i) => ({ ...n, ...networks[i] })),
          limit_per_withdrawal_usdt: b.limit_per_withdrawal_usdt,
          limit_daily_usdt: b.limit_daily_usdt,
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/payouts');
    fireEvent.click(await screen.findByTestId('payouts-network-USDT-BEP20-enabled'));
    fireEvent.change(inputOf('payouts-limit_per_withdrawal_usdt'), { target: { value: '2500' } });
    fireEvent.change(inputOf('payouts-limit_daily_usdt'), { target: { value: 'lots' } });
    // Save, and give the code in the step-up dialog just opened (the previous one may still be closing).
    const save = async () => {
      const before = document.querySelectorAll('[data-testid="stepup-totp"] input').length;
      fireEvent.click(screen.getByTestId('payouts-save'));
      const code = await waitFor(() => {
        const inputs = document.querySelectorAll('[data-testid="stepup-totp"] input');
        if (inputs.length <= before) throw new Error('no new step-up dialog yet');
        return inputs[inputs.length - 1] as HTMLInputElement;
      });
      fireEvent.change(code, { target: { value: '654321' } });
      const dialog = code.closest('.adm-dialog') as HTMLElement;
      fireEvent.click(within(dialog).getByText('Confirm'));
    };
    await save();
    expect((await screen.findByTestId('payouts-limit_daily_usdt-error')).textContent).toBe(
      'Daily limit of automatic payouts (USDT) must be an amount',
    );
    expect(screen.queryByTestId('payouts-save-error')).toBeNull();

    fireEvent.change(inputOf('payouts-limit_daily_usdt'), { target: { value: '15000' } });
    await save();
    await waitFor(() => expect(api.bodiesOf('Admin/payoutsettingssave')).toHaveLength(2));
    expect(api.bodiesOf('Admin/payoutsettingssave')[1]).toEqual({
      networks: [
        { code: 'USDT-TRC20', enabled: true, mode: 'manual' },
        { code: 'USDT-ERC20', enabled: true, mode: 'automatic' },
        { code: 'USDT-BEP20', enabled: false, mode: 'manual' },
      ],
      limit_per_withdrawal_usdt: '2500',
      limit_daily_usdt: '15000',
      two_person_threshold_usdt: '10000',
      wait_alert_hours: '24',
      totp: '654321',
    });
    await waitFor(() => expect(screen.queryByTestId('payouts-limit_daily_usdt-error')).toBeNull());
    expect(screen.getByTestId('payouts-network-USDT-BEP20-enabled').getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('shows a refusal naming no field above Save, and keeps the networks as edited', async () => {
    const none = 'Keep at least one network open for withdrawals';
    const api = scriptedApi({
      'Admin/myrole': role('owner'),
      'Admin/payoutsettings': SETTINGS,
      'Admin/payoutsettingssave': new Refuse(422, none),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/payouts');
    for (const code of ['USDT-TRC20', 'USDT-ERC20', 'USDT-BEP20'])
      fireEvent.click(await screen.findByTestId(`payouts-network-${code}-enabled`));
    fireEvent.click(screen.getByTestId('payouts-save'));
    expect((await screen.findByTestId('payouts-save-error')).textContent).toBe(none);
    expect(api.bodiesOf('Admin/payoutsettingssave')[0]?.networks).toEqual([
      { code: 'USDT-TRC20', enabled: false, mode: 'manual' },
      { code: 'USDT-ERC20', enabled: false, mode: 'automatic' },
      { code: 'USDT-BEP20', enabled: false, mode: 'manual' },
    ]);
    expect(screen.getByTestId('payouts-network-USDT-ERC20-enabled').getAttribute('aria-checked')).toBe(
      'false',
    );
  });
});
