import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('bonus', () => {
  it('shows zero totals and an empty list before any payout', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'asset/bonussummary': { total: '0', today: '0', list: [] },
        'Asset/searchBonusrecord': { list: [], page: 1, pagesize: 10, total: 0 },
      }).fetch,
    );
    renderAt('/pages/Wallet/bonus');
    expect((await screen.findByTestId('bonus-type-pairing-total')).textContent).toBe('0.00 USDT');
    expect(await screen.findByTestId('bonus-empty')).toBeTruthy();
  });

  it("shows where each bonus came from: the sponsor and level member, and a pairing's worked-out volumes", async () => {
    const record = (id: string, type: string, source: string, details: Record<string, string>) => ({
      id,
      created_at: '2030-01-31T00:05:00Z',
      type,
      amount: '12.5',
      wallet: 'reward',
      asset: 'USDT',
      reference: `${type}-${id}`,
      source_userid: source,
      details,
    });
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'asset/bonussummary': { total: '37.5', today: '37.5', list: [] },
        'Asset/searchBonusrecord': {
          list: [
            record('1', 'sponsor', 'bob', {}),
            record('2', 'level', 'dave', { level: '2' }),
            record('3', 'pairing', '', {
              date: '2030-01-30',
              left_before: '100',
              right_before: '0',
              left_added: '400',
              right_added: '300',
              pairs: '3',
              paid_pairs: '2',
              capped: 'true',
              flushed_left: '100',
              flushed_right: '0',
              left_after: '0',
              right_after: '0',
            }),
          ],
          page: 1,
          pagesize: 10,
          total: 3,
        },
      }).fetch,
    );
    renderAt('/pages/Wallet/bonus');
    expect((await screen.findByTestId('bonus-record-1-source')).textContent).toBe('From bob');
    expect(screen.getByTestId('bonus-record-2-source').textContent).toBe('From dave · Level 2');
    expect(screen.getByTestId('bonus-record-3-pairs').textContent).toBe(
      '3 pairs, 2 paid · Daily cap reached',
    );
    expect(screen.queryByTestId('bonus-record-3-source')).toBeNull();
    fireEvent.click(screen.getByTestId('bonus-record-3-details-toggle'));
    const details = await screen.findByTestId('bonus-record-3-details');
    expect(details.textContent).toContain('Pairing of Jan 30, 2030');
    expect(screen.getByTestId('bonus-record-3-before-left').textContent).toBe('100.00');
    expect(screen.getByTestId('bonus-record-3-added-left').textContent).toBe('400.00');
    expect(screen.getByTestId('bonus-record-3-added-right').textContent).toBe('300.00');
    expect(screen.getByTestId('bonus-record-3-flushed-left').textContent).toBe('100.00');
    expect(screen.getByTestId('bonus-record-3-after-right').textContent).toBe('0.00');
  });
});
