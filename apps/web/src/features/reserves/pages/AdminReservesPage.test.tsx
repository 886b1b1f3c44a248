import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialogWith, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';
import type { AdminSnapshot } from '../types.ts';

const published: AdminSnapshot = {
  id: '2',
  state: 'published',
  chain_id: 31337,
  block: '120',
  taken_at: '2026-11-27T12:00:00.000Z',
  columns: ['deposit', 'funds'],
  root: { hash: `0x${'ab'.repeat(32)}`, sums: ['1500000', '20000000'] },
  total: '21500000',
  anchor_tx: `0x${'a1'.repeat(32)}`,
  anchor_block: '121',
  reserves: {
    total: '30000000',
    hot_wallet: { address: `0x${'11'.repeat(20)}`, balance: '30000000', signature: `0x${'22'.repeat(65)}` },
    deposit_addresses: { xpub: null, count: 0, balance: '0' },
  },
  ratio_bp: 13953,
  points: { RP: '0', DP: '0' },
  explorer: {
    tx_url: `https://explorer.example/tx/0x${'a1'.repeat(32)}`,
    address_url: 'https://explorer.example/address/0x11',
  },
  problem: '',
  duration_ms: 1250,
  leaves: 5,
  started_by: '',
};

const refused: AdminSnapshot = {
  ...published,
  id: '1',
  state: 'refused',
  root: null,
  total: null,
  anchor_tx: null,
  anchor_block: null,
  ratio_bp: null,
  explorer: null,
  problem: 'the ledger check failed: USDT debits and credits differ',
};

const building: AdminSnapshot = {
  ...refused,
  id: '3',
  state: 'building',
  problem: '',
  duration_ms: null,
  leaves: 0,
};

describe('the admin proof of reserves page', () => {
  beforeEach(() => logInAs('admin', 'admin1'));

  it('lists every snapshot with its state, figures, anchor and refusal', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Admin/reserves': { list: [published, refused] } }).fetch);
    renderAt('/pages/admin/reserves');
    const row = await screen.findByTestId('admin-reserves-2');
    expect(screen.getByTestId('admin-reserves-2-state').textContent).toBe('Published');
    expect(screen.getByTestId('admin-reserves-2-total').textContent).toBe('21.50 USDT');
    expect(screen.getByTestId('admin-reserves-2-ratio').textContent).toContain('139.53 %');
    expect(row.textContent).toContain('Block 120');
    expect(row.textContent).toContain('5 members · 1.3 s');
    expect(row.querySelector('a')?.getAttribute('href')).toBe(published.explorer?.tx_url);
    expect(screen.getByTestId('admin-reserves-1-state').textContent).toBe('Refused');
    expect(screen.getByTestId('admin-reserves-1-problem').textContent).toBe(refused.problem);
  });

  it('takes a snapshot now after a confirmation, and follows it while it builds', async () => {
    let list = [published];
    const api = scriptedApi({
      'Admin/reserves': () => ({ list }),
      'Admin/reservesnow': () => {
        list = [building, published];
        return { id: '3', state: 'building' };
      },
      'Admin/myrole': { role: 'owner', totp_enabled: false, totp_enrolment_required: false },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/reserves');
    (await screen.findByTestId('admin-reserves-now')).click();
    await confirmDialogWith('Take a proof-of-reserves snapshot now?');
    expect((await screen.findByTestId('admin-reserves-3-state')).textContent).toBe('Building');
    const sent = api.bodiesOf('Admin/reservesnow');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    // The list is asked again every 2 s while one builds.
    list = [{ ...building, state: 'published', problem: '' }, published];
    await waitFor(() => expect(screen.getByTestId('admin-reserves-3-state').textContent).toBe('Published'), {
      timeout: 5000,
    });
  });
});
