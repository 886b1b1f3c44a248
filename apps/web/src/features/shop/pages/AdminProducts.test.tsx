import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const product = {
  id: '5',
  name: 'Green tea',
  price: '12',
  asset: 'USDT',
  prices: [{ asset: 'USDT', price: '12' }],
  stock: 30,
  category: 'food',
  image_url: '',
  description: 'Loose leaves, 100 g.',
  active: true,
  sold: 2,
  sort_order: 0,
  image_id: '',
  translations: [{ lang: 'zh-CN', name: '绿茶', description: '散装茶叶，100 克。' }],
};

/** The native input or textarea with this id. */
const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('admin products in three languages', () => {
  it('shows a product’s Chinese text, takes a Malay one, and saves both with the product', async () => {
    const api = scriptedApi({
      'Admin/shoporders': { list: [], page: 1, pagesize: 20, total: 0 },
      'Admin/productlist': { list: [product], page: 1, pagesize: 100, total: 1 },
      'Admin/productsave': { id: '5' },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/shop');
    fireEvent.click(await screen.findByText('Products'));
    fireEvent.click(await screen.findByTestId('admin-product-5'));
    await waitFor(() => expect(field('product-name-zh').value).toBe('绿茶'));
    expect(field('product-description-zh').value).toBe('散装茶叶，100 克。');
    expect(field('product-name-bm').value).toBe('');
    fireEvent.change(field('product-name-bm'), { target: { value: 'Teh hijau' } });
    fireEvent.click(screen.getByTestId('admin-product-save'));
    await waitFor(() => expect(api.bodiesOf('Admin/productsave')).toHaveLength(1));
    expect(api.bodiesOf('Admin/productsave')[0]).toMatchObject({
      id: '5',
      name: 'Green tea',
      translations: [
        { lang: 'zh-CN', name: '绿茶', description: '散装茶叶，100 克。' },
        { lang: 'bm-MY', name: 'Teh hijau', description: '' },
      ],
    });
  });

  it('lists an order’s items in the admin’s language with the default name beside a translated one', async () => {
    await setLanguage('zh-CN');
    const order = {
      order_id: '12',
      order_no: 'S20300101000012',
      state: 'paid',
      delivery: 'keep',
      total: '12',
      discount: '0',
      asset: 'USDT',
      wallet: 'deposit',
      items: [
        { product_id: '5', name: '绿茶', default_name: 'Green tea', unit_price: '12', quantity: 1 },
        { product_id: '6', name: 'Mug', default_name: 'Mug', unit_price: '3', quantity: 2 },
      ],
      address: null,
      carrier: '',
      tracking_no: '',
      created_at: '2030-01-01T08:00:00Z',
      userid: 'alice',
    };
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'Admin/shoporders': { list: [order], page: 1, pagesize: 20, total: 1 } }).fetch,
    );
    renderAt('/pages/admin/shop');
    const row = await screen.findByTestId('admin-order-S20300101000012');
    expect(row.textContent).toContain('alice · 绿茶 / Green tea × 1、Mug × 2');
  });
});
