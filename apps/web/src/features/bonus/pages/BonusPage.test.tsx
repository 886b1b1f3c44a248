import { screen } from '@testing-library/react';
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
});
