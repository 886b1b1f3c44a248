import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const order = {
  order_id: '12',
  order_no: 'S20300101000012',
  state: 'paid',
  delivery: 'ship',
  total: '45',
  discount: '5',
  asset: 'USDT',
  wallet: 'funds',
  items: [
    { product_id: '3', name: 'Water filter', default_name: 'Water filter', unit_price: '20', quantity: 2 },
    { product_id: '8', name: 'Tea set', default_name: 'Tea set', unit_price: '10', quantity: 1 },
  ],
  address: {
    name: 'Alice',
    phone: '0123456789',
    line1: '1 Jalan Ampang',
    city: 'Kuala Lumpur',
    postcode: '50450',
    country: 'MY',
    lat: null,
    lng: null,
  },
  carrier: '',
  tracking_no: '',
  created_at: '2030-01-01T08:00:00Z',
};

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('shop order detail', () => {
  it('shows what the order bought, the voucher discount, what was paid and from which wallet', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Shop/orders': { list: [order], page: 1, pagesize: 10, total: 1 },
        'Member/getdeliver': { order, events: [{ state: 'paid', note: '', at: '2030-01-01T08:00:00Z' }] },
      }).fetch,
    );
    renderAt('/pages/shop/orders');
    fireEvent.click(await screen.findByTestId(`shop-order-${order.order_no}`));
    const summary = await screen.findByTestId('shop-order-summary');
    expect(screen.getByTestId('shop-order-item-3').textContent).toContain('Water filter');
    expect(screen.getByTestId('shop-order-item-3').textContent).toContain('2 × 20.00 USDT');
    expect(screen.getByTestId('shop-order-item-8').textContent).toContain('1 × 10.00 USDT');
    expect(screen.getByTestId('shop-order-discount').textContent).toBe('-5.00 USDT');
    expect(screen.getByTestId('shop-order-total').textContent).toBe('45.00 USDT');
    expect(summary.textContent).toContain('Paid from');
    expect(summary.textContent).toContain('Funds wallet');
  });
});
