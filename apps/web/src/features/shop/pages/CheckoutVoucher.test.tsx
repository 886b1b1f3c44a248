import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const USED = 'This voucher cannot be used: it is used, expired or not yours';
const voucher = {
  id: '9',
  discount_percent: '10',
  package_id: '',
  package_name: '',
  expires_at: '2026-12-31T00:00:00.000Z',
  state: 'available',
  used_at: '',
  order_no: '',
  note: '',
  scope: 'shop',
};

/** The shop's checkout paid with a voucher: the voucher is spent, so it must not be checked again afterwards. */
describe('checkout with a voucher', () => {
  beforeEach(() => logInAs());

  it('shows only the success after paying: the spent voucher is not checked again', async () => {
    let bought = false;
    const api = scriptedApi({
      'Asset/BuyProductPreview2': (b: Record<string, unknown>) => {
        // As the server answers: once paid, the voucher is used.
        if (bought && b.voucher_id) return new Refuse(409, USED, [{ field: 'voucher_id', message: USED }]);
        const discount = b.voucher_id ? '5' : '0';
        return {
          lines: [
            {
              product_id: '7',
              name: 'Vitamin C',
              image_url: '',
              quantity: 2,
              stock: 10,
              prices: [{ asset: 'USDT', price: '25' }],
              available: true,
              unit_price: '25',
              amount: '50',
            },
          ],
          wallets: [
            { wallet: 'funds', asset: 'USDT', total: '50', available: '500', minimum: '0', usable: true },
          ],
          wallet: 'funds',
          asset: 'USDT',
          total: '50',
          discount,
          pay: b.voucher_id ? '45' : '50',
          enough: true,
          addresses: [],
          vouchers: bought ? [] : [voucher],
          voucher_id: (b.voucher_id as string) ?? '',
        };
      },
      'Asset/BuyProductSave2': () => {
        bought = true;
        return {
          order_id: '56',
          total: '45',
          order: {
            order_id: '56',
            order_no: 'S2026112500000056',
            state: 'paid',
            delivery: 'keep',
            total: '45',
            discount: '5',
            asset: 'USDT',
            wallet: 'funds',
            items: [
              {
                product_id: '7',
                name: 'Vitamin C',
                default_name: 'Vitamin C',
                unit_price: '25',
                quantity: 2,
              },
            ],
            address: null,
            carrier: '',
            tracking_no: '',
            created_at: '2026-11-25T08:00:00.000Z',
          },
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/shop/checkout');
    fireEvent.click(await screen.findByTestId('checkout-voucher-9'));
    // Its end in the app's date format, not the server's ISO text.
    const vouchers = screen.getByTestId('checkout-vouchers').textContent ?? '';
    expect(vouchers).toMatch(/Until (Dec 31, 2026|Jan 1, 2027|Dec 30, 2026), \d{1,2}:\d{2}\s[AP]M/);
    expect(vouchers).not.toContain('2026-12-31');
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toContain('45'));
    fireEvent.click(screen.getByTestId('checkout-keep'));
    fireEvent.click(screen.getByTestId('checkout-agree'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    const sheet = await screen.findByTestId('checkout-sheet');
    fireEvent.change(sheet.querySelector('input') as HTMLInputElement, { target: { value: '654321' } });
    fireEvent.submit(screen.getByTestId('checkout-sheet-form'));
    expect((await screen.findByTestId('checkout-result-order')).textContent).toContain('S2026112500000056');
    expect(api.bodiesOf('Asset/BuyProductSave2')[0]).toMatchObject({ voucher_id: '9' });

    // Let any refresh after the payment run: none may ask about the spent voucher, and no refusal shows.
    await new Promise((r) => setTimeout(r, 300));
    const afterPaying = api.sent.slice(api.sent.findIndex((s) => s.name === 'Asset/BuyProductSave2') + 1);
    expect(afterPaying.filter((s) => s.name === 'Asset/BuyProductPreview2' && s.body.voucher_id)).toEqual([]);
    expect(screen.queryByText(USED)).toBeNull();
    expect(screen.getByTestId('checkout-result-order')).toBeTruthy();
  });
});
