import { miningEconomics, miningEconomicsWire } from '@mp/contract/web';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const USDT = { asset: 'USDT', decimals: 6 };
/** One unit of 10 USDT mining 0.05 a day less 0.01 for 30 days: less back than paid (the editor asks first). */
const economics = miningEconomicsWire(
  miningEconomics({
    dailyOutputPerUnit: 50_000n,
    dailyFeePerUnit: 10_000n,
    quantity: 1,
    termDays: 30,
    paid: 10_000_000n,
    sameAsset: true,
  }),
  USDT,
  USDT,
);

const STARTER = {
  id: '1',
  name: 'BTC starter',
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
  description: 'Thirty days.',
  coin_price: '',
  output_per_unit: '',
  assumptions_set_at: '',
  assumptions_note: '',
  economics,
  translations: [{ lang: 'zh-CN', name: 'BTC 入门套餐', description: '三十天。', assumptions_note: '' }],
};

/** The native input or textarea with this id. */
const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('admin mining packages in three languages', () => {
  it('shows a package’s Chinese texts, takes a Malay name, and saves both with the package', async () => {
    const api = scriptedApi({
      'Admin/packagelist': { list: [STARTER] },
      'Admin/jobruns': { list: [], page: 1, pagesize: 10, total: 0 },
      'Admin/packagesave': STARTER,
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/mining');
    fireEvent.click(await screen.findByTestId('admin-package-1'));
    await waitFor(() => expect(field('package-name-zh').value).toBe('BTC 入门套餐'));
    expect(field('package-description-zh').value).toBe('三十天。');
    expect(screen.getByText('Name in 中文 (optional)')).toBeTruthy();
    expect(field('package-name-bm').value).toBe('');
    fireEvent.change(field('package-name-bm'), { target: { value: 'BTC permulaan' } });
    fireEvent.change(field('package-assumptions-note-bm'), { target: { value: 'Pada kesukaran hari itu.' } });
    fireEvent.click(screen.getByTestId('package-save'));
    // The editor asks before saving a package that returns less than its price.
    const confirm = await screen.findByText('Confirm');
    fireEvent.click(confirm);
    await waitFor(() => expect(api.bodiesOf('Admin/packagesave')).toHaveLength(1));
    expect(api.bodiesOf('Admin/packagesave')[0]).toMatchObject({
      id: '1',
      name: 'BTC starter',
      translations: [
        { lang: 'zh-CN', name: 'BTC 入门套餐', description: '三十天。', assumptions_note: '' },
        {
          lang: 'bm-MY',
          name: 'BTC permulaan',
          description: '',
          assumptions_note: 'Pada kesukaran hari itu.',
        },
      ],
    });
  });
});
