import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('withdrawal address', () => {
  it('shows a bound address read-only with the customer-service message', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'member/getcaddress': {
          bound: true,
          address: 'TXYZabc1234',
          address_type: 'USDT-TRC20',
          bound_at: '2030-01-01T00:00:00Z',
        },
      }).fetch,
    );
    renderAt('/pages/personal/WithdrawAdress');
    expect((await screen.findByTestId('address-bound-value')).textContent).toBe('TXYZabc1234');
    expect(screen.getByTestId('address-locked-message').textContent).toBe(
      'The withdrawal address cannot be changed. Please contact customer service.',
    );
    expect(screen.queryByTestId('address-input')).toBeNull();
  });
});
