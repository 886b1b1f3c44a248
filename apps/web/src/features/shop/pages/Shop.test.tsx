import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const product = (id: string, name: string, usdt: string, dp?: string, stock = 10) => ({
  id,
  name,
  price: usdt,
  asset: 'USDT',
  prices: [{ asset: 'USDT', price: usdt }, ...(dp ? [{ asset: 'DP', price: dp }] : [])],
  stock,
  category: 'health',
  image_url: '',
});
const VITAMIN = product('7', 'Vitamin C', '25', '50');
const line = (quantity: number) => ({
  product_id: '7',
  name: 'Vitamin C',
  image_url: '',
  quantity,
  stock: 10,
  prices: VITAMIN.prices,
  available: true,
});
const cart = (quantity: number) =>
  quantity === 0
    ? { list: [], count: 0, totals: [] }
    : {
        list: [line(quantity)],
        count: quantity,
        totals: [
          { asset: 'USDT', price: String(25 * quantity) },
          { asset: 'DP', price: String(50 * quantity) },
        ],
      };

describe('the shop', () => {
  beforeEach(() => logInAs());

  it('lists products by category, opens one and adds it to the cart', async () => {
    let inCart = 0;
    const api = scriptedApi({
      'Shop/products': (b: Record<string, unknown>) => ({
        list: b.category === 'beauty' ? [] : [VITAMIN, product('8', 'Aloe gel', '12', undefined, 0)],
        page: 1,
        pagesize: 100,
        total: 2,
      }),
      'Member/getFilterType': {
        list: [
          { category: 'beauty', count: 1 },
          { category: 'health', count: 2 },
        ],
      },
      'Member/membercartlist': () => cart(inCart),
      'Shop/product': { ...VITAMIN, description: 'One tablet a day.', active: true },
      'Shop/cartsave': (b: Record<string, unknown>) => {
        inCart = Number(b.quantity);
        return cart(inCart);
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/shop/shop');
    const card = await screen.findByTestId('shop-product-7');
    expect(card.textContent).toContain('Vitamin C');
    expect(card.textContent).toContain('25.00 USDT');
    expect(card.textContent).toContain('or 50.00 DP');
    expect(screen.getByTestId('shop-product-8').textContent).toContain('Sold out');

    fireEvent.click(card);
    await waitFor(() =>
      expect(screen.getByTestId('shop-product-description').textContent).toBe('One tablet a day.'),
    );
    fireEvent.click(screen.getByTestId('shop-add'));
    await waitFor(() => expect(api.bodiesOf('Shop/cartsave')).toEqual([{ product_id: '7', quantity: 1 }]));
    await waitFor(() => expect(screen.getByTestId('shop-cart-link').textContent).toContain('1'));

    fireEvent.click(screen.getByRole('button', { name: 'Beauty' }));
    expect(await screen.findByTestId('shop-empty')).toBeTruthy();
  });

  it('checks out with deposit points to the default address after the agreement and the password', async () => {
    let bought = false;
    const address = {
      id: '3',
      name: 'Ali',
      phone: '+60 12',
      line1: '1 Jalan Ampang',
      city: 'Kuala Lumpur',
      postcode: '50450',
      country: 'Malaysia',
      lat: null,
      lng: null,
      is_default: true,
    };
    const wallet = (w: string, asset: string, total: string, available: string, minimum = '0') => ({
      wallet: w,
      asset,
      total,
      available,
      minimum,
      usable: total !== '' && Number(available) >= Number(total),
    });
    const api = scriptedApi({
      'Asset/BuyProductPreview2': (b: Record<string, unknown>) => {
        const asset = b.wallet === 'deposit' ? 'USDT' : 'DP';
        return {
          lines: [
            { ...line(2), unit_price: asset === 'DP' ? '50' : '25', amount: asset === 'DP' ? '100' : '50' },
          ],
          wallets: [
            wallet('deposit_points', 'DP', '100', '500', '50'),
            wallet('registration_points', 'RP', '', '0', '50'),
            wallet('deposit', 'USDT', '50', '10'),
            wallet('funds', 'USDT', '50', '0'),
          ],
          wallet: (b.wallet as string) ?? 'deposit_points',
          asset,
          total: asset === 'DP' ? '100' : '50',
          discount: '0',
          pay: asset === 'DP' ? '100' : '50',
          enough: asset === 'DP',
          addresses: [address],
          vouchers: [],
          voucher_id: '',
        };
      },
      'Asset/BuyProductSave2': (b: Record<string, unknown>) => {
        if (b.tx_password !== '654321')
          return new Refuse(422, 'Wrong transaction password', [
            { field: 'tx_password', message: 'Wrong transaction password' },
          ]);
        bought = true;
        return {
          order_id: '55',
          total: '100',
          order: {
            order_id: '55',
            order_no: 'S2026112500000055',
            state: 'paid',
            delivery: 'ship',
            total: '100',
            discount: '0',
            asset: 'DP',
            wallet: 'deposit_points',
            items: [
              {
                product_id: '7',
                name: 'Vitamin C',
                default_name: 'Vitamin C',
                unit_price: '50',
                quantity: 2,
              },
            ],
            address: { ...address, id: undefined, is_default: undefined },
            carrier: '',
            tracking_no: '',
            created_at: '2026-11-25T08:00:00.000Z',
          },
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/shop/checkout');
    expect((await screen.findByTestId('checkout-total')).textContent).toContain('100.00 DP');
    // Not enough USDT in the deposit wallet: said before paying.
    fireEvent.click(screen.getByTestId('checkout-wallet-deposit'));
    expect(await screen.findByTestId('checkout-not-enough')).toBeTruthy();
    fireEvent.click(screen.getByTestId('checkout-wallet-deposit_points'));
    await waitFor(() => expect(screen.queryByTestId('checkout-not-enough')).toBeNull());

    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect(await screen.findByTestId('checkout-agree-error')).toBeTruthy();
    fireEvent.click(screen.getByTestId('checkout-agree'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    const password = await screen.findByTestId('checkout-sheet');
    const input = password.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.submit(screen.getByTestId('checkout-sheet-form'));
    expect(await screen.findByText('Wrong transaction password')).toBeTruthy();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.submit(screen.getByTestId('checkout-sheet-form'));
    expect((await screen.findByTestId('checkout-result-order')).textContent).toContain('S2026112500000055');
    expect(bought).toBe(true);
    const sent = api.bodiesOf('Asset/BuyProductSave2');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      wallet: 'deposit_points',
      delivery: 'ship',
      address_id: '3',
      agree: true,
    });
    // The retry after the wrong password is the same submission: the same key.
    expect(sent[1]?.idempotency_key).toBe(sent[0]?.idempotency_key);
  });
});
