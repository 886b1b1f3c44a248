import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const network = {
  network: 'ERC20',
  name: 'Local test chain',
  chain_id: 31337,
  asset: 'USDT',
  min: '1',
  confirmations: 6,
  test: true,
};
const record = (state: string, confirmations: number) => ({
  id: '1',
  network: 'ERC20',
  tx_hash: '0xabcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
  log_index: 0,
  amount: '100',
  state,
  confirmations,
  required: 6,
  explorer_url: '',
  detected_at: '2026-11-25T08:00:00.000Z',
  created_at: '2026-11-25T08:00:00.000Z',
  credited_at: '',
});

describe('the top-up page', () => {
  beforeEach(() => logInAs());

  it('shows the address of the only network, sends test USDT and follows the deposit to credited', async () => {
    let records: ReturnType<typeof record>[] = [];
    const api = scriptedApi({
      'Asset/depositmenu': { list: [network] },
      'asset/deposit': {
        ...network,
        address: '0xF94c1F91149F76673c7aeBEdC574744A7218a389',
        qr: 'data:image/png;base64,AAAA',
        explorer_url: '',
        confirmations_required: 6,
        min_amount: '1',
      },
      'Asset/depositrecord': () => ({ list: records, page: 1, pagesize: 20, total: records.length }),
      'Asset/testdeposit': () => {
        records = [record('detected', 2)];
        return { tx_hash: records[0]!.tx_hash, amount: '100' };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Wallet/menuTOPUP');
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(
      '0xF94c1F91149F76673c7aeBEdC574744A7218a389',
    );
    expect(screen.getByTestId('deposit-minimum').textContent).toBe(
      'Minimum deposit: 1 USDT. Smaller deposits are not credited.',
    );
    expect(screen.getByTestId('deposit-records').textContent).toContain('No deposits yet');
    fireEvent.click(screen.getByTestId('deposit-test-send'));
    await waitFor(() => expect(screen.getByTestId('deposit-state-1').textContent).toBe('Confirming 2/6'));
    expect(api.bodiesOf('asset/deposit')).toEqual([{ network: 'ERC20' }]);
  });

  it('shows a test deposit at once as sent, until the chain lists it at its first confirmation', async () => {
    let records: ReturnType<typeof record>[] = [];
    const hash = record('detected', 1).tx_hash;
    const api = scriptedApi({
      'Asset/depositmenu': { list: [network] },
      'asset/deposit': {
        ...network,
        address: '0xF94c1F91149F76673c7aeBEdC574744A7218a389',
        qr: 'data:image/png;base64,AAAA',
        explorer_url: '',
        confirmations_required: 6,
        min_amount: '1',
      },
      'Asset/depositrecord': () => ({ list: records, page: 1, pagesize: 20, total: records.length }),
      // Sent, but not in a block yet: the list does not have it.
      'Asset/testdeposit': { tx_hash: hash, amount: '100' },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Wallet/menuTOPUP');
    await screen.findByTestId('deposit-address');
    fireEvent.click(screen.getByTestId('deposit-test-send'));
    expect((await screen.findByTestId('deposit-state-sent')).textContent).toBe('Sent, waiting for the chain');
    expect(screen.getByTestId('deposit-sent').textContent).toContain('+100.00 USDT');
    expect(screen.getByTestId('deposit-records').textContent).not.toContain('No deposits yet');
    // The first block holds it: the list, asked again every second meanwhile, shows it in place of the sent line.
    const asked = api.bodiesOf('Asset/depositrecord').length;
    records = [record('detected', 1)];
    await waitFor(() => expect(screen.getByTestId('deposit-state-1').textContent).toBe('Confirming 1/6'), {
      timeout: 3000,
    });
    expect(screen.queryByTestId('deposit-sent')).toBeNull();
    expect(api.bodiesOf('Asset/depositrecord').length).toBeGreaterThan(asked);
  });

  it('says when deposits are not set up', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Asset/depositmenu': { list: [] } }).fetch);
    renderAt('/pages/Wallet/menuTOPUP');
    expect((await screen.findByTestId('topup-none')).textContent).toContain('not set up');
  });
});
