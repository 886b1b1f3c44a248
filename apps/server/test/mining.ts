import { todayOf } from '../src/platform/dates.ts';
import type { TestApp } from './app.ts';

/**
 * An Admin/packagesave body for tests: a BTC package of 100 USDT per TH/s for 30 days, 1.25 profit and 0.05 fee per
 * unit a day, paid to the funds wallet, on sale from today and mining the day after; `overrides` change any of it.
 */
export function packageBody(t: TestApp, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'BTC S19 Pro',
    coin: 'BTC',
    capacity_unit: 'TH/s',
    unit_price: '100',
    term_days: 30,
    daily_profit: '1.25',
    daily_fee: '0.05',
    settle_asset: 'USDT',
    settle_wallet: 'funds',
    min_quantity: 1,
    stock: 100,
    start_date: todayOf(t.clock),
    start_delay_days: 1,
    active: true,
    ...overrides,
  };
}
