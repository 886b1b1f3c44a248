import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmDialogWith,
  inputOf,
  logInAs,
  Refuse,
  renderAt,
  scriptedApi,
} from '../../../test/renderApp.tsx';

const card = (over: Record<string, unknown> = {}) => ({
  id: '7',
  display_name: 'Carol Trend',
  bio: 'Swing trader',
  strategy: 'Trend following',
  company: false,
  roi_7d: '1.20',
  roi_30d: '12.50',
  roi_90d: '-3.00',
  drawdown_7d: '0.50',
  drawdown_30d: '4.00',
  drawdown_90d: '9.10',
  followers: 3,
  aum: '1520.5',
  min_amount: '50',
  chart: [
    { day: '2026-11-24', roi: '0.00' },
    { day: '2026-11-25', roi: '5.00' },
    { day: '2026-11-26', roi: '12.50' },
  ],
  since: '2026-11-01T00:00:00.000Z',
  ...over,
});

const pkg = {
  id: '3',
  trader_id: '7',
  trader_name: 'Carol Trend',
  name: 'Starter 30 days',
  min_amount: '50',
  term_days: 30,
  share_percent: '10.00',
  fee_percent: '2.00',
  active: true,
};

const investment = (over: Record<string, unknown> = {}) => ({
  id: '11',
  trader_id: '7',
  trader_name: 'Carol Trend',
  company: false,
  package_id: '3',
  package_name: 'Starter 30 days',
  term_days: 30,
  share_percent: '10.00',
  fee_percent: '2.00',
  state: 'active',
  principal: '500',
  value: '540.25',
  pnl: '40.25',
  pnl_percent: '8.05',
  high_water_mark: '500',
  shared: '0',
  fees: '0',
  returned: '0',
  stop_loss_percent: 20,
  auto_renew: true,
  started_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2026-12-01T00:00:00.000Z',
  renewals: 0,
  close_reason: '',
  closed_at: '',
  ...over,
});

describe('copy trading screens', () => {
  beforeEach(() => logInAs());

  it('lists lead traders with their record, sorted as chosen', async () => {
    const api = scriptedApi({
      'Trade/traderlist': (b: Record<string, unknown>) => ({
        list: b.sort === 'followers' ? [card({ id: '8', display_name: 'House', company: true })] : [card()],
        page: 1,
        pagesize: 10,
        total: 1,
      }),
      'Trade/getmytrade': {
        list: [],
        page: 1,
        pagesize: 1,
        total: 1,
        total_value: '540.25',
        total_pnl: '40.25',
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/copy/traders');
    expect((await screen.findByTestId('copy-trader-7-roi')).textContent).toBe('+12.50%');
    expect(screen.getByTestId('copy-trader-7-followers').textContent).toBe('3 followers');
    expect(screen.getByTestId('copy-total-value').textContent).toContain('540.25');
    fireEvent.click(screen.getByText('Followers'));
    expect((await screen.findByTestId('copy-trader-8')).textContent).toContain('Company');
    expect(api.bodiesOf('Trade/traderlist').map((b) => b.sort)).toEqual(['roi_30d', 'followers']);
  });

  it("shows a trader's record, packages and trades", async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Member/traderlist': {
          trader: card(),
          trades: [
            {
              id: '1',
              symbol: 'BTC/USDT',
              market: 'spot',
              side: 'buy',
              amount: '0.03',
              price: '96000',
              pnl: '',
              at: '2026-11-26T01:00:00.000Z',
            },
          ],
          following: true,
        },
        'Trade/tradepackage': { list: [pkg], trading_available: '800' },
      }).fetch,
    );
    renderAt('/pages/copy/trader?id=7');
    expect((await screen.findByTestId('trader-roi-90d')).textContent).toBe('-3.00%');
    expect(screen.getByTestId('trader-dd-30d').textContent).toBe('4.00%');
    expect(screen.getByTestId('trader-following')).toBeTruthy();
    expect(screen.getByTestId('trader-chart').getAttribute('data-points')).toBe('3');
    expect((await screen.findByTestId('copy-package-3')).textContent).toContain('30 days');
    expect(screen.getAllByTestId('trader-trade')).toHaveLength(1);
  });

  it('invests with the amount, loss limit, auto-renew, agreement and transaction password', async () => {
    const api = scriptedApi({
      'Trade/tradepackage': { list: [pkg], trading_available: '800' },
      'Trade/investsave': (b: Record<string, unknown>) =>
        b.amount === '900'
          ? new Refuse(422, 'Insufficient balance', [{ field: 'amount', message: 'Insufficient balance' }])
          : investment({ principal: b.amount }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/copy/invest?package=3&trader=7');
    await screen.findByTestId('copy-invest-amount');
    fireEvent.change(inputOf('copy-invest-amount'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('copy-invest-submit'));
    expect(await screen.findByText(/^The minimum is/)).toBeTruthy();
    expect(api.bodiesOf('Trade/investsave')).toHaveLength(0);
    fireEvent.change(inputOf('copy-invest-amount'), { target: { value: '500' } });
    fireEvent.change(inputOf('copy-invest-stop'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('copy-invest-submit'));
    expect(await screen.findByText('Please accept the copy trading agreement')).toBeTruthy();
    fireEvent.click(screen.getByTestId('copy-invest-agree'));
    fireEvent.click(screen.getByTestId('copy-invest-submit'));
    await screen.findByTestId('copy-invest-sheet-password');
    fireEvent.change(inputOf('copy-invest-sheet-password'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('copy-invest-sheet-confirm'));
    expect((await screen.findByTestId('copy-invest-result')).textContent).toContain(
      'You now copy this trader',
    );
    const [sent] = api.bodiesOf('Trade/investsave');
    expect(sent).toMatchObject({
      package_id: '3',
      amount: '500',
      agree: true,
      stop_loss_percent: 20,
      auto_renew: false,
      tx_password: '654321',
    });
    expect(String(sent?.idempotency_key)).not.toBe('');
    expect(api.bodiesOf('Trade/investsavecompany')).toHaveLength(0);
  });

  it('shows an investment and stops it after a confirmation and the transaction password', async () => {
    let current = investment();
    const api = scriptedApi({
      'Trade/getTradeDetails': () => ({
        investment: current,
        pool_share: '32.50',
        history: [
          { day: '2026-11-25', value: '520' },
          { day: '2026-11-26', value: current.value },
        ],
        settlements: [
          {
            date: '2026-11-25',
            kind: 'daily',
            value: '520',
            profit: '20',
            trader_share: '2',
            platform_fee: '0.4',
          },
        ],
        trades: [
          {
            id: '5',
            symbol: 'ETH/USDT',
            market: 'spot',
            side: 'buy',
            trader_amount: '0.6',
            pool_amount: '0.03',
            price: '3600',
            skipped: '',
            at: '2026-11-26T01:00:00.000Z',
          },
          {
            id: '6',
            symbol: 'BTC/USDT',
            market: 'spot',
            side: 'buy',
            trader_amount: '0.0001',
            pool_amount: '0',
            price: '96000',
            skipped: 'below_minimum',
            at: '2026-11-26T01:01:00.000Z',
          },
        ],
      }),
      'Trade/tradepackage': { list: [pkg], trading_available: '800' },
      'Trade/updateTrade': (b: Record<string, unknown>) => {
        current = investment({
          state: 'stopped',
          close_reason: 'member_stop',
          value: '0',
          returned: '540.25',
          closed_at: '2026-11-26T02:00:00.000Z',
        });
        return b.action === 'stop' ? current : investment();
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/copy/investment?id=11');
    expect((await screen.findByTestId('copy-investment-value')).textContent).toContain('540.25');
    expect(screen.getByTestId('copy-investment-share').textContent).toBe('32.50%');
    expect(screen.getAllByTestId('copy-mirrored-trade')[1]?.textContent).toContain('below the market');
    expect(screen.getByTestId('copy-settlement-2026-11-25-daily')).toBeTruthy();
    fireEvent.click(screen.getByTestId('copy-stop'));
    await confirmDialogWith('Stop copying now?');
    await screen.findByTestId('copy-stop-sheet-password');
    fireEvent.change(inputOf('copy-stop-sheet-password'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('copy-stop-sheet-confirm'));
    await waitFor(() => expect(screen.getByTestId('copy-investment-state').textContent).toContain('Stopped'));
    expect(api.bodiesOf('Trade/updateTrade')).toEqual([
      { id: '11', action: 'stop', stop_loss_percent: 0, auto_renew: false, tx_password: '654321' },
    ]);
    expect(screen.queryByTestId('copy-stop')).toBeNull();
    expect(screen.getByTestId('copy-investment-returned').textContent).toContain('540.25');
  });

  it('lists my copies with their totals', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Trade/getmytrade': (b: Record<string, unknown>) => ({
          list: b.state === 'ended' ? [] : [investment()],
          page: 1,
          pagesize: 10,
          total: b.state === 'ended' ? 0 : 1,
          total_value: '540.25',
          total_pnl: '40.25',
        }),
      }).fetch,
    );
    renderAt('/pages/copy/mine');
    expect((await screen.findByTestId('copy-investment-11-pnl')).textContent).toContain('40.25');
    expect(screen.getByTestId('copy-mine-pnl').textContent).toContain('40.25');
    fireEvent.click(screen.getByText('Ended'));
    expect(await screen.findByTestId('copy-mine-empty')).toBeTruthy();
  });
});
