import { miningEconomics, miningEconomicsWire } from '@mp/contract/web';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

/**
 * Cloud mining disclosure on the screens beyond the purchase page (PackagePage.test.tsx): the package list shows each
 * package's whole term and the below-price warning; a member's orders show output and fees so far and still to come;
 * the admin's editor shows the figures while editing and asks before saving a package that returns less than its price.
 */

const USDT = { asset: 'USDT', decimals: 6 };
const economics = (output: bigint, fee: bigint, days: number, price: bigint) =>
  miningEconomicsWire(
    miningEconomics({
      dailyOutputPerUnit: output,
      dailyFeePerUnit: fee,
      quantity: 1,
      termDays: days,
      paid: price,
      sameAsset: true,
    }),
    USDT,
    USDT,
  );

function pkg(id: string, name: string, over: Record<string, unknown>) {
  return {
    id,
    name,
    coin: 'BTC',
    capacity_unit: 'TH/s',
    unit_price: '10',
    price_asset: 'USDT',
    term_days: 30,
    daily_profit: '0.05',
    daily_fee: '0.01',
    settle_asset: 'USDT',
    settle_wallet: 'funds',
    min_quantity: 1,
    stock: 100,
    sold: 0,
    start_date: '2030-01-01',
    start_delay_days: 1,
    active: true,
    description: '',
    coin_price: '62500',
    output_per_unit: '0.0000008',
    assumptions_set_at: '2029-12-20',
    assumptions_note: '',
    economics: economics(50_000n, 10_000n, 30, 10_000_000n),
    ...over,
  };
}

const STARTER = pkg('1', 'BTC starter', {});
const LTC = pkg('2', 'LTC L7 cloud', {
  coin: 'LTC',
  capacity_unit: 'MH/s',
  unit_price: '2',
  term_days: 90,
  daily_profit: '0.026',
  daily_fee: '0.002',
  coin_price: '80',
  output_per_unit: '0.000325',
  economics: economics(26_000n, 2_000n, 90, 2_000_000n),
});

beforeEach(async () => {
  await setLanguage('en-US');
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

describe('package list', () => {
  it("shows each package's term in full and warns on the one that returns less than its price", async () => {
    logInAs();
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Mining/packageSubMenu': { list: [{ coin: 'BTC', count: 1 }] },
        'Mining/allPackages': { list: [STARTER, LTC] },
      }).fetch,
    );
    renderAt('/pages/Mining/packages');
    const starter = 'mining-package-1-economics';
    expect((await screen.findByTestId(`${starter}-warning`)).textContent).toBe(
      'Estimated to return less than you pay: about 1.20 USDT back for 10.00 USDT over 30 days',
    );
    expect(screen.getByTestId(`${starter}-output`).textContent).toBe('1.50 USDT');
    expect(screen.getByTestId(`${starter}-fees`).textContent).toBe('0.30 USDT');
    expect(screen.getByTestId(`${starter}-net`).textContent).toBe('1.20 USDT');
    expect(screen.getByTestId(`${starter}-return`).textContent).toBe(
      'About 12% of the price comes back over 30 days',
    );
    expect(screen.getByTestId(`${starter}-assumptions`).textContent).toBe(
      'Based on BTC at 62,500.00 USDT and 0.0000008 BTC per TH/s a day, set on Dec 20, 2029.',
    );
    const ltc = 'mining-package-2-economics';
    expect(screen.getByTestId(`${ltc}-net`).textContent).toBe('2.16 USDT');
    expect(screen.getByTestId(`${ltc}-return`).textContent).toBe(
      'About 108% of the price comes back over 90 days',
    );
    expect(screen.queryByTestId(`${ltc}-warning`)).toBeNull();
  });
});

describe("a member's orders", () => {
  it('show, beside what was paid, the output and fees so far and what the estimate says is still to come', async () => {
    logInAs();
    const order = {
      id: '5',
      order_no: 'M2030010100000005',
      package_id: '1',
      package_name: 'BTC starter',
      coin: 'BTC',
      quantity: 3,
      capacity: '3 TH/s',
      unit_price: '10',
      price: '30',
      discount: '0',
      paid: '30',
      asset: 'USDT',
      payment_method: 'funds',
      voucher_id: '',
      daily_income: '0.12',
      settle_asset: 'USDT',
      start_date: '2030-01-02',
      end_date: '2030-01-31',
      state: 'mining',
      income_total: '1.2',
      income_days: 10,
      output_so_far: '1.5',
      fee_so_far: '0.3',
      output_to_come: '3',
      fee_to_come: '0.6',
      net_to_come: '2.4',
      created_at: '2030-01-01T00:00:00Z',
    };
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'Member/OrderHistory': { list: [order], page: 1, pagesize: 10, total: 1 } }).fetch,
    );
    renderAt('/pages/Mining/orders');
    const id = 'mining-order-M2030010100000005';
    expect((await screen.findByTestId(`${id}-output-so-far`)).textContent).toBe('1.50 USDT');
    expect(screen.getByTestId(`${id}-fees-so-far`).textContent).toBe('0.30 USDT');
    expect(screen.getByTestId(`${id}-net-so-far`).textContent).toBe('1.20 USDT');
    expect(screen.getByTestId(`${id}-to-come`).textContent).toBe('2.40 USDT');
    expect(screen.getByTestId(`${id}-to-come-detail`).textContent).toContain(
      'Still to come: 3.00 USDT of output less 0.60 USDT of fees.',
    );
    expect(screen.getByTestId(`${id}-economics`).textContent).toContain('Paid amount30.00 USDT');
  });
});

describe("the admin's package editor", () => {
  const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });
  const adminAnswers = (saved: Record<string, unknown>[]) => ({
    'Admin/packagelist': { list: [{ ...STARTER, translations: [] }] },
    'Admin/jobruns': { list: [], page: 1, pagesize: 10, total: 0 },
    'Admin/packagesave': (b: Record<string, unknown>) => {
      saved.push(b);
      return STARTER;
    },
  });

  it('shows the live figures and asks before saving a package whose estimate returns less than its price', async () => {
    logInAs('admin', 'admin1');
    const saved: Record<string, unknown>[] = [];
    const api = scriptedApi(adminAnswers(saved));
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/mining');
    fireEvent.click(await screen.findByTestId('admin-package-1'));
    expect((await screen.findByTestId('package-economics-warning')).textContent).toBe(
      'Estimated to return less than you pay: about 1.20 USDT back for 10.00 USDT over 30 days',
    );
    expect(screen.getByTestId('package-implied').textContent).toBe(
      'Coin price × output per unit: 0.05 USDT a day',
    );
    // A longer term still returns less: the figures follow the form.
    type('package-term_days', '60');
    await waitFor(() => expect(screen.getByTestId('package-economics-net').textContent).toBe('2.40 USDT'));

    // Cancelled: nothing is saved.
    fireEvent.click(screen.getByTestId('package-save'));
    await answerDialog('about 2.40 USDT back for 10.00 USDT over 60 days', 'Cancel');
    await new Promise((r) => setTimeout(r, 50));
    expect(saved).toHaveLength(0);

    // Confirmed: the operator's decision, saved with its assumptions.
    fireEvent.click(screen.getByTestId('package-save'));
    await answerDialog('Members will see this warning. Save anyway?', 'Confirm');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      id: '1',
      term_days: '60',
      coin_price: '62500',
      output_per_unit: '0.0000008',
    });
  });

  it('saves a package that returns more than its price without asking, and flags a profit above the assumptions', async () => {
    logInAs('admin', 'admin1');
    const saved: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', scriptedApi(adminAnswers(saved)).fetch);
    renderAt('/pages/admin/mining');
    fireEvent.click(await screen.findByTestId('admin-package-1'));
    await screen.findByTestId('package-economics');
    type('package-daily_profit', '0.5');
    await waitFor(() => expect(screen.getByTestId('package-economics-net').textContent).toBe('14.70 USDT'));
    expect(screen.queryByTestId('package-economics-warning')).toBeNull();
    expect(screen.getByTestId('package-above-assumptions').textContent).toContain(
      'more than the assumptions give',
    );
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(document.querySelector('.adm-dialog')).toBeNull();
  });
});

async function answerDialog(words: string, button: 'Confirm' | 'Cancel') {
  const dialog = await waitFor(() => {
    const el = document.querySelector('.adm-dialog');
    if (!el?.textContent?.includes(words)) throw new Error(`no dialog with "${words}" yet`);
    return el;
  });
  const b = [...dialog.querySelectorAll('button')].find((x) => x.textContent === button);
  fireEvent.click(b as HTMLButtonElement);
  await waitFor(() => {
    if (document.querySelector('.adm-dialog')?.textContent?.includes(words)) throw new Error('still open');
  });
}
