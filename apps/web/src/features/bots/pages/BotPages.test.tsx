import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import {
  confirmDialogWith,
  inputOf,
  logInAs,
  Refuse,
  renderAt,
  scriptedApi,
} from '../../../test/renderApp.tsx';

// The chart draws on a canvas, which jsdom lacks; it is not what these tests look at.
vi.mock('../../trading/components/CandleChart.tsx', () => ({ CandleChart: () => null }));

const ticker = (symbol: string, last: string) => ({
  symbol,
  base: symbol.split('/')[0],
  quote: 'USDT',
  last,
  change_24h: '0.00',
  high_24h: last,
  low_24h: last,
  volume_24h: '10',
  simulated: true,
  at: '2026-11-25T08:00:00.000Z',
});
const markets = {
  list: [ticker('BTC/USDT', '50000.00'), ticker('ETH/USDT', '3000.00')],
  source: 'simulated',
  exchange: 'binance',
};
const accounts = {
  list: [
    {
      id: 'demo',
      kind: 'paper',
      venue: 'demo',
      label: '',
      key_hint: '',
      created_at: '2026-11-25T08:00:00.000Z',
    },
  ],
  exchanges: ['binance'],
};
const deal = {
  id: '11',
  size: '0.0332',
  cost: '99.6',
  average_price: '3000.00',
  safety_filled: 0,
  take_profit_price: '2970.00',
  next_safety_price: '3030.00',
  stop_loss_price: '',
  last_price: '2990.00',
  unrealized_pnl: '0.23',
  opened_at: '2026-11-25T08:00:00.000Z',
};
const bot = {
  id: '5',
  name: 'ETH short',
  account: 'demo',
  symbol: 'ETH/USDT',
  market: 'perp',
  direction: 'short',
  leverage: 3,
  order_type: 'market',
  base_order: '100',
  safety_order: '100',
  max_safety: 2,
  deviation_percent: '1.00',
  step_scale: '1.000',
  volume_scale: '2.000',
  take_profit_percent: '1.00',
  stop_loss_percent: '0.00',
  budget: '400',
  state: 'stopped',
  error: '',
  deals_closed: 0,
  profit: '0',
  quote: 'USDT',
  deal: null as typeof deal | null,
  updated_at: '2026-11-25T08:00:00.000Z',
};
const order = (kind: string, side: string) => ({
  deal_id: '11',
  kind,
  side,
  amount: '0.0332',
  price: '3000.00',
  fee: '0.1',
  at: '2026-11-25T08:00:00.000Z',
});

describe('bot pages', () => {
  beforeEach(() => logInAs());

  it('creates a perpetual short bot: a refused field is marked on the form, then the bot opens', async () => {
    const api = scriptedApi({
      'Online/GetcMarket': markets,
      'Online/accounts': accounts,
      'Bottrade/botsave': (body: Record<string, unknown>) =>
        body.take_profit_percent === '0'
          ? new Refuse(422, 'Take profit must be a number from 0.1 to 50, with at most two decimals', [
              {
                field: 'take_profit_percent',
                message: 'Take profit must be a number from 0.1 to 50, with at most two decimals',
              },
            ])
          : { bot },
      'Member/checkbot': { bot, orders: [] },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/trade/trade2');
    await screen.findByTestId('bot-create-page');
    await screen.findByRole('option', { name: 'ETH/USDT' });
    fireEvent.change(document.getElementById('bot-symbol')!, { target: { value: 'ETH/USDT' } });
    fireEvent.change(document.getElementById('bot-market')!, { target: { value: 'perp' } });
    fireEvent.change(await screen.findByTestId('bot-direction'), { target: { value: 'short' } });
    fireEvent.change(document.getElementById('bot-leverage')!, { target: { value: '3' } });
    fireEvent.change(document.getElementById('bot-name')!, { target: { value: 'ETH short' } });
    fireEvent.change(document.getElementById('bot-base')!, { target: { value: '100' } });
    fireEvent.change(document.getElementById('bot-safety')!, { target: { value: '100' } });
    fireEvent.change(document.getElementById('bot-max-safety')!, { target: { value: '2' } });
    fireEvent.change(document.getElementById('bot-volume-scale')!, { target: { value: '2' } });
    // 100 + 100 + 200 of position value; a third of it as margin at 3x.
    await waitFor(() =>
      expect(screen.getByTestId('bot-budget').textContent).toBe(
        'One deal can spend up to 400.00 USDT of position value (133.33 USDT margin at 3x)',
      ),
    );
    fireEvent.change(document.getElementById('bot-take-profit')!, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('bot-save'));
    expect(
      await screen.findByText('Take profit must be a number from 0.1 to 50, with at most two decimals'),
    ).toBeTruthy();

    fireEvent.change(document.getElementById('bot-take-profit')!, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('bot-save'));
    await screen.findByTestId('bot-page');
    expect(router.state.location.search).toBe('?id=5');
    expect(api.bodiesOf('Bottrade/botsave').slice(-1)[0]).toMatchObject({
      name: 'ETH short',
      account: 'demo',
      symbol: 'ETH/USDT',
      market: 'perp',
      direction: 'short',
      leverage: 3,
      base_order: '100',
      max_safety: 2,
      take_profit_percent: '1',
    });
  });

  it('starts a bot, shows its deal, adds a safety order and closes the deal after asking', async () => {
    let current = { ...bot };
    let orders: ReturnType<typeof order>[] = [];
    const api = scriptedApi({
      'Member/checkbot': () => ({ bot: current, orders }),
      'Bottrade/Onlinetx': () => {
        current = { ...bot, state: 'running', deal };
        orders = [order('base', 'sell')];
        return { bot: current };
      },
      'Bottrade/addentry': () => {
        current = { ...current, deal: { ...deal, safety_filled: 1, next_safety_price: '3060.00' } };
        orders = [order('manual_entry', 'sell'), ...orders];
        return { bot: current };
      },
      'Bottrade/confirmpost': (body: Record<string, unknown>) =>
        body.action === 'entry'
          ? {
              action: 'entry',
              side: 'sell',
              amount: '0.0332',
              price: '3030.00',
              value: '100.6',
              pnl: '',
              average_after: '3015.00',
            }
          : {
              action: 'close',
              side: 'buy',
              amount: '0.0664',
              price: '2990.00',
              value: '198.54',
              pnl: '0.23',
              average_after: '',
            },
      'Bottrade/closepositionbyid': () => {
        current = { ...current, state: 'stopped', deal: null, deals_closed: 1, profit: '0.4' };
        orders = [order('manual_close', 'buy'), ...orders];
        return { bot: current };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/trade2?id=5');
    expect((await screen.findByTestId('bot-deal')).textContent).toContain('No open deal');
    fireEvent.click(screen.getByTestId('bot-start'));
    await waitFor(() => expect(screen.getByTestId('deal-take-profit').textContent).toBe('2,970.00'));
    expect(screen.getByTestId('bot-state-5').textContent).toBe('Running');
    expect(screen.getByTestId('deal-next-safety').textContent).toBe('3,030.00');
    expect(screen.getByTestId('bot-orders').textContent).toContain('Base order · Sell');
    // A running bot is stopped before it is changed.
    expect(screen.queryByTestId('bot-edit')).toBeNull();

    fireEvent.click(screen.getByTestId('bot-add-entry'));
    await confirmDialogWith('Sell 0.0332 at about 3,030.00 (100.6 USDT). Average price after it: 3,015.00.');
    await waitFor(() => expect(screen.getByTestId('deal-safety').textContent).toBe('1/2'));
    expect(screen.getByTestId('bot-orders').textContent).toContain('Safety order by you');

    fireEvent.click(screen.getByTestId('bot-close-deal'));
    await confirmDialogWith(
      'Close this deal at the market price now? The bot stops. Buy 0.0664 at about 2,990.00 (198.54 USDT). Profit of the deal: 0.23 USDT.',
    );
    await waitFor(() => expect(screen.getByTestId('bot-deal').textContent).toContain('No open deal'));
    expect(screen.getByTestId('bot-profit-5').textContent).toBe('0.40 USDT');
    expect(screen.getByTestId('bot-edit')).toBeTruthy();
    expect(api.bodiesOf('Bottrade/closepositionbyid')).toEqual([{ bot_id: '5' }]);
  });

  it("says a bot that is not the member's was not found", async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'Member/checkbot': new Refuse(404, 'This bot was not found') }).fetch,
    );
    renderAt('/pages/trade/trade2?id=99');
    expect((await screen.findByTestId('bot-unknown')).textContent).toContain('This bot was not found');
  });

  it('the Defi page shows the steps, the funds and the all-in-one budget, which it saves and turns off', async () => {
    let aio = {
      account: 'demo',
      enabled: true,
      budget: '500',
      committed: '400',
      left: '100',
      bots: [] as unknown[],
    };
    const api = scriptedApi({
      'Online/accounts': accounts,
      'Member/CheckStep': {
        steps: [
          { key: 'kyc', done: true },
          { key: 'account', done: true },
          { key: 'funds', done: true },
        ],
        ready: true,
        subscription: { fee: '10', days: 30, paid_until: '', active: false },
      },
      'Bottrade/subscribe': { fee: '10', paid_until: '2026-12-25T08:00:00.000Z', balance_after: '5' },
      'Member/Botbalance': {
        account: 'demo',
        quote: 'USDT',
        free: '9600',
        used: '0',
        committed: '400',
        available: '9200.94589468',
      },
      'Member/listbots': { list: [{ ...bot, state: 'running', deal, profit: '1.5', deals_closed: 2 }] },
      'Bottrade/checkaio': (body: Record<string, unknown>) => {
        if (body.save) aio = { ...aio, budget: String(body.budget), left: String(Number(body.budget) - 400) };
        return aio;
      },
      'Bottrade/market_aio_off': () => {
        aio = { ...aio, enabled: false, budget: '', left: '' };
        return { stopped: 1 };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/trademain');
    await screen.findByTestId('bot-ready');
    // An exchange's 8 decimals, in cents with the exact figure a tap away.
    expect(screen.getByTestId('bot-balance-available').textContent).toBe('9,200.94 USDT');
    expect(screen.getByTestId('bots-running').textContent).toBe('1');
    expect((await screen.findByTestId('aio-committed')).textContent).toBe('400.00 / 500.00 USDT');
    // The operator charges for bots: the member pays from the trading wallet with the transaction password.
    expect(screen.getByTestId('bot-subscription-state').textContent).toBe(
      'Not subscribed: bots need it to run',
    );
    fireEvent.click(screen.getByTestId('bot-subscribe'));
    fireEvent.change(inputOf('bot-subscribe-sheet-password'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('bot-subscribe-sheet-confirm'));
    await waitFor(() => expect(api.bodiesOf('Bottrade/subscribe')).toHaveLength(1));
    expect(api.bodiesOf('Bottrade/subscribe')[0]).toMatchObject({ tx_password: '654321' });
    fireEvent.change(document.getElementById('aio-budget')!, { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('aio-save'));
    await waitFor(() => expect(screen.getByTestId('aio-left').textContent).toBe('200.00 USDT'));
    expect(api.bodiesOf('Bottrade/checkaio').at(-2)).toEqual({ account: 'demo', save: true, budget: '600' });
    fireEvent.click(screen.getByTestId('aio-off'));
    await confirmDialogWith('Turn the all-in-one mode off?');
    await waitFor(() => expect(screen.queryByTestId('aio-committed')).toBeNull());
    expect(api.bodiesOf('Bottrade/market_aio_off')).toEqual([{ account: 'demo' }]);
  });
});
