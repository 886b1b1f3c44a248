import { expect, inject } from 'vitest';
import { adminApi, api } from './browser.ts';

/** ETH's price on the local stand-in for Binance when no test has moved it. */
export const MOCK_ETH = 3500;

/** Moves ETH's price on the exchange stand-in (its own knob, not Binance's API). */
export async function mockPrice(price: number) {
  const res = await fetch(`${inject('exchange').url}/__mock/price?symbol=ETHUSDT&price=${price.toFixed(2)}`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
}

/** Where the market feed takes its prices: the exchange (here the stand-in) or the simulation. */
export async function feedSource(source: 'live' | 'simulated') {
  const saved = await adminApi('Admin/marketsettings', { save: true, source, exchange: 'binance' });
  expect(saved.status, saved.msg).toBe(1);
}

/** ETH's last price as members see it, and whether it is simulated. */
export async function ethLast(): Promise<{ last: number; simulated: boolean }> {
  const res = await api<{ list: { symbol: string; last: string; simulated: boolean }[] }>(
    'Online/GetcMarket',
    {},
  );
  const eth = res.data.list.find((m) => m.symbol === 'ETH/USDT');
  return { last: Number(eth?.last ?? 0), simulated: eth?.simulated ?? true };
}

/**
 * ETH's price from the exchange stand-in from now on, starting where the demo feed is (so nobody's demo positions
 * jump); returns that starting price.
 */
export async function liveEth(): Promise<number> {
  await expect.poll(async () => (await ethLast()).last > 0, { timeout: 60_000 }).toBe(true);
  const start = Math.round((await ethLast()).last * 100) / 100;
  await mockPrice(start);
  await feedSource('live');
  await expect.poll(async () => (await ethLast()).simulated, { timeout: 15_000 }).toBe(false);
  return start;
}
