import { miningEconomics, miningEconomicsWire } from '@mp/contract/web';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const USDT = { asset: 'USDT', decimals: 6 };
const MICRO = 1_000_000n;

/** The fake server's figures come from the same function as the real one's: 1.25 output, 0.05 fee, 30 days. */
function economicsFor(quantity: number, paidMicro: bigint) {
  const e = miningEconomics({
    dailyOutputPerUnit: 1_250_000n,
    dailyFeePerUnit: 50_000n,
    quantity,
    termDays: 30,
    paid: paidMicro,
    sameAsset: true,
  });
  return miningEconomicsWire(e, USDT, USDT);
}

const pkg = {
  id: '7',
  name: 'BTC S21 cloud',
  coin: 'BTC',
  capacity_unit: 'TH/s',
  unit_price: '100',
  price_asset: 'USDT',
  term_days: 30,
  daily_profit: '1.25',
  daily_fee: '0.05',
  settle_asset: 'USDT',
  settle_wallet: 'funds',
  min_quantity: 1,
  stock: 50,
  sold: 0,
  start_date: '2030-01-01',
  start_delay_days: 1,
  active: true,
  description: '',
  coin_price: '62500',
  output_per_unit: '0.00002',
  assumptions_set_at: '2029-12-20',
  assumptions_note: 'Difficulty of 20 December.',
  economics: economicsFor(1, 100n * MICRO),
};

const voucher = {
  id: '31',
  discount_percent: '10',
  package_id: '',
  package_name: '',
  expires_at: '2030-02-01T00:00:00.000Z',
  state: 'available',
  used_at: '',
  order_no: '',
  note: '',
  scope: 'mining',
};

/** The server's preview rule for the fake: quantity x 100, 10% off with the voucher (rounded down). */
function preview(body: Record<string, unknown>) {
  const quantity = Number(body.quantity);
  const price = quantity * 100;
  const discount = body.voucher_id === '31' ? price / 10 : 0;
  return {
    package: pkg,
    quantity,
    capacity: `${quantity} TH/s`,
    price: String(price),
    discount: String(discount),
    pay_amount: String(price - discount),
    asset: 'USDT',
    voucher_id: String(body.voucher_id ?? ''),
    vouchers: [voucher],
    wallets: [
      { wallet: 'funds', available: '1000' },
      { wallet: 'deposit', available: '0' },
    ],
    wallet: String(body.wallet ?? 'funds'),
    enough: true,
    daily_income: (quantity * 1.2).toFixed(1),
    start_date: '2030-01-02',
    end_date: '2030-01-31',
    kyc_state: 'approved',
    economics: economicsFor(quantity, BigInt(price - discount) * MICRO),
  };
}

const order = (b: Record<string, unknown>) => ({
  id: '1',
  order_no: 'M2030010100000001',
  package_id: '7',
  package_name: pkg.name,
  coin: 'BTC',
  quantity: b.quantity,
  capacity: `${b.quantity} TH/s`,
  unit_price: '100',
  price: '300',
  discount: '30',
  paid: '270',
  asset: 'USDT',
  payment_method: b.wallet,
  voucher_id: b.voucher_id ?? '',
  daily_income: '3.6',
  settle_asset: 'USDT',
  start_date: '2030-01-02',
  end_date: '2030-01-31',
  state: 'pending',
  income_total: '0',
  income_days: 0,
  output_so_far: '0',
  fee_so_far: '0',
  output_to_come: '112.5',
  fee_to_come: '4.5',
  net_to_come: '108',
  created_at: '2030-01-01T00:00:00Z',
});

const answers = (kyc: string) => ({
  'Mining/getinfob': { ...pkg, daily_income_per_unit: '1.2', kyc_state: kyc },
  'Mining/ActivatePreview': (b: Record<string, unknown>) => ({ ...preview(b), kyc_state: kyc }),
});

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('mining purchase page', () => {
  it('tells a member without approved KYC to verify first, links there, and offers no payment', async () => {
    vi.stubGlobal('fetch', scriptedApi(answers('none')).fetch);
    const { router } = renderAt('/pages/Mining/package?id=7');
    expect((await screen.findByTestId('mining-kyc-banner')).textContent).toContain(
      'Identity verification (KYC) must be approved',
    );
    await screen.findByTestId('mining-pay');
    expect(screen.getByTestId('mining-pay').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('mining-kyc-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/NameVerification'));
  });

  it('asks for the agreement before paying and sends nothing until it is ticked', async () => {
    const api = scriptedApi(answers('approved'));
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Mining/package?id=7');
    await waitFor(() => expect(screen.getByTestId('mining-pay').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('mining-pay'));
    expect((await screen.findByTestId('mining-agree-error')).textContent).toBe(
      'Please agree to the User Service Agreement before paying',
    );
    expect(screen.queryByTestId('mining-sheet-password')).toBeNull();
    expect(api.bodiesOf('Asset/BuyProductSave')).toHaveLength(0);
  });

  it('opens the agreement it asks the member to accept', async () => {
    vi.stubGlobal('fetch', scriptedApi(answers('approved')).fetch);
    renderAt('/pages/Mining/package?id=7');
    fireEvent.click(await screen.findByTestId('mining-agreement'));
    const dialog = await waitFor(() => {
      const found = document.querySelector('.adm-modal-body');
      if (!found) throw new Error('no agreement yet');
      return found;
    });
    expect(dialog.textContent).toContain('Cloud mining service agreement');
    expect(dialog.textContent).toContain('not guaranteed');
  });

  it('buys three units with a voucher: previews the discount, asks for the transaction password, shows the order', async () => {
    const api = scriptedApi({ ...answers('approved'), 'Asset/BuyProductSave': order });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Mining/package?id=7');
    await screen.findByTestId('mining-voucher-31');
    type('mining-quantity', '3');
    fireEvent.click(screen.getByTestId('mining-voucher-31'));
    await waitFor(() => expect(screen.getByTestId('mining-pay').textContent).toBe('Pay'));
    await waitFor(() => expect(screen.getByTestId('mining-discount').textContent).toBe('30.00 USDT'));
    expect(screen.getByTestId('mining-price').textContent).toBe('300.00 USDT');
    expect(screen.getByTestId('mining-pay-amount').textContent).toBe('270.00 USDT');
    expect(screen.getByTestId('mining-pay').closest('button')?.disabled).toBe(false);
    expect(screen.getByTestId('mining-capacity').textContent).toBe('3 TH/s');
    fireEvent.click(screen.getByTestId('mining-agree'));
    fireEvent.click(screen.getByTestId('mining-pay'));
    await screen.findByTestId('mining-sheet-password');
    type('mining-sheet-password', '654321');
    fireEvent.click(screen.getByTestId('mining-sheet-confirm'));
    expect((await screen.findByTestId('mining-result')).dataset.state).toBe('success');
    expect(screen.getByTestId('mining-result-order').textContent).toContain('M2030010100000001');
    expect(screen.getByTestId('mining-result-paid').textContent).toContain('270.00 USDT');
    // A result is a detail: every digit; the start day in the app's date format.
    expect(screen.getByTestId('mining-result-discount').textContent).toContain('30.00 USDT');
    expect(screen.getByTestId('mining-result-start').textContent).toContain('Jan 2, 2030');
    expect(api.bodiesOf('Asset/BuyProductSave')[0]).toEqual({
      package_id: '7',
      quantity: 3,
      wallet: 'funds',
      voucher_id: '31',
      agree: true,
      tx_password: '654321',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The voucher is spent: no preview asks about it after paying (the server would refuse it under the result).
    await new Promise((r) => setTimeout(r, 300));
    const paidAt = api.sent.findIndex((s) => s.name === 'Asset/BuyProductSave');
    const after = api.sent.slice(paidAt + 1).filter((s) => s.name === 'Mining/ActivatePreview');
    expect(after.filter((s) => s.body.voucher_id)).toEqual([]);
    expect(screen.getByTestId('mining-result').dataset.state).toBe('success');
  });

  it('shows the whole term before paying: output, fees, net, the share that comes back, the warning and the assumptions', async () => {
    const api = scriptedApi({ ...answers('approved'), 'Asset/BuyProductSave': order });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Mining/package?id=7');
    // One unit first: 37.50 output less 1.50 fees is 36.00 back for 100.00.
    await waitFor(() => expect(screen.getByTestId('mining-economics-net').textContent).toBe('36.00 USDT'));
    expect(screen.getByTestId('mining-economics-output').textContent).toBe('37.50 USDT');
    expect(screen.getByTestId('mining-economics-fees').textContent).toBe('1.50 USDT');
    expect(screen.getByTestId('mining-economics-return').textContent).toBe(
      'About 36% of the price comes back over 30 days',
    );
    expect(screen.getByTestId('mining-economics-warning').textContent).toBe(
      'Estimated to return less than you pay: about 36.00 USDT back for 100.00 USDT over 30 days',
    );
    expect(screen.getByTestId('mining-economics-assumptions').textContent).toBe(
      'Based on BTC at 62,500.00 USDT and 0.00002 BTC per TH/s a day, set on Dec 20, 2029. Difficulty of 20 December.',
    );
    expect(screen.getByTestId('mining-economics-can-fall').textContent).toContain(
      'An estimate, not a promise',
    );

    // Three units with 10% off: 108.00 back for 270.00, 40%; the password sheet says it again.
    type('mining-quantity', '3');
    fireEvent.click(await screen.findByTestId('mining-voucher-31'));
    await waitFor(() => expect(screen.getByTestId('mining-economics-price').textContent).toBe('270.00 USDT'));
    expect(screen.getByTestId('mining-economics-net').textContent).toBe('108.00 USDT');
    expect(screen.getByTestId('mining-economics-return').textContent).toBe(
      'About 40% of the price comes back over 30 days',
    );
    fireEvent.click(screen.getByTestId('mining-agree'));
    fireEvent.click(screen.getByTestId('mining-pay'));
    expect((await screen.findByTestId('mining-sheet-warning')).textContent).toBe(
      'Estimated to return less than you pay: about 108.00 USDT back for 270.00 USDT over 30 days',
    );
  });

  it('says the warning in Chinese and Malay too', async () => {
    vi.stubGlobal('fetch', scriptedApi(answers('approved')).fetch);
    await setLanguage('zh-CN');
    const first = renderAt('/pages/Mining/package?id=7');
    expect((await screen.findByTestId('mining-economics-warning')).textContent).toBe(
      '预计收回少于您支付的金额：30 天内支付 100.00 USDT，约收回 36.00 USDT',
    );
    first.unmount();
    await setLanguage('bm-MY');
    renderAt('/pages/Mining/package?id=7');
    expect((await screen.findByTestId('mining-economics-warning')).textContent).toContain(
      'Dianggarkan memulangkan kurang daripada yang anda bayar',
    );
  });

  it('shows no warning for a package whose estimate returns more than its price', async () => {
    const rich = { ...pkg, unit_price: '30', economics: economicsFor(1, 30n * MICRO) };
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Mining/getinfob': { ...rich, daily_income_per_unit: '1.2', kyc_state: 'approved' },
        'Mining/ActivatePreview': (b: Record<string, unknown>) => ({
          ...preview(b),
          economics: economicsFor(Number(b.quantity), 30n * MICRO * BigInt(Number(b.quantity))),
        }),
      }).fetch,
    );
    renderAt('/pages/Mining/package?id=7');
    await waitFor(() =>
      expect(screen.getByTestId('mining-economics-return').textContent).toBe(
        'About 120% of the price comes back over 30 days',
      ),
    );
    expect(screen.queryByTestId('mining-economics-warning')).toBeNull();
    expect(screen.getByTestId('mining-economics').dataset.belowPrice).toBe('false');
  });

  it("shows the server's refusal (the last units went to someone else) and lets the member go back", async () => {
    const api = scriptedApi({
      ...answers('approved'),
      'Asset/BuyProductSave': () =>
        new Refuse(409, 'Not enough stock: 0 left', [
          { field: 'quantity', message: 'Not enough stock: 0 left' },
        ]),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Mining/package?id=7');
    await waitFor(() => expect(screen.getByTestId('mining-pay').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('mining-agree'));
    fireEvent.click(screen.getByTestId('mining-pay'));
    await screen.findByTestId('mining-sheet-password');
    type('mining-sheet-password', '654321');
    fireEvent.click(screen.getByTestId('mining-sheet-confirm'));
    expect((await screen.findByTestId('mining-result')).dataset.state).toBe('error');
    expect(screen.getByTestId('mining-result-message').textContent).toBe('Not enough stock: 0 left');
    fireEvent.click(screen.getByTestId('mining-back'));
    expect(await screen.findByTestId('mining-pay')).toBeTruthy();
  });
});
