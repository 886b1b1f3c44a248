import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { confirmDialogWith, inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

type Row = Record<string, string | boolean>;

function withdrawal(id: string, status = 'pending', reason = '', payout: Record<string, string> = {}): Row {
  return {
    id,
    userid: `member${id}`,
    amount: '1000',
    fee: '50',
    receive: '950',
    asset: 'USDT',
    address: 'TXYZabc1234',
    address_type: 'USDT-TRC20',
    status,
    reason,
    created_at: '2030-01-01T00:00:00Z',
    decided_at: status === 'pending' ? '' : '2030-01-02T00:00:00Z',
    decided_by: status === 'pending' ? '' : 'admin1',
    payout_state: '',
    tx_hash: '',
    explorer_url: '',
    payout_error: '',
    awaiting_second_approval: false,
    first_approved_by: '',
    first_approved_at: '',
    ...payout,
  };
}

/** A fake server holding two withdrawals that the page decides on. */
const HASH = `0x${'ab'.repeat(32)}`;

function server() {
  const rows = [
    withdrawal('1'),
    withdrawal('2'),
    withdrawal('3', 'approved', '', {
      payout_state: 'failed',
      tx_hash: HASH,
      explorer_url: `https://explorer.example/tx/${HASH}`,
      payout_error: 'the transfer reverted on chain',
    }),
  ];
  return scriptedApi({
    'Admin/wdlist': (b: Record<string, unknown>) => {
      const list = rows.filter((r) => !b.status || r.status === b.status);
      return {
        list,
        page: 1,
        pagesize: 10,
        total: list.length,
        total_amount: `${list.length * 1000}`,
        total_fee: `${list.length * 50}`,
      };
    },
    'Admin/AdminApprovewd': (b: Record<string, unknown>) => {
      const i = rows.findIndex((r) => r.id === b.id);
      rows[i] =
        b.action === 'retry'
          ? withdrawal(String(b.id), 'approved', '', { payout_state: 'queued' })
          : withdrawal(
              String(b.id),
              b.action === 'approve' ? 'approved' : 'rejected',
              String(b.reason ?? ''),
            );
      return rows[i];
    },
  });
}

beforeEach(async () => {
  await setLanguage('en-US');
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

describe('admin withdrawals', () => {
  it('is not for members', async () => {
    logInAs('member');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    expect((await screen.findByTestId('no-permission')).textContent).toContain(
      'This page is for administrators only.',
    );
    expect(api.bodiesOf('Admin/wdlist')).toHaveLength(0);
  });

  it('approves a pending withdrawal after confirming, and the list refreshes', async () => {
    logInAs('admin', 'admin1');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    await screen.findByTestId('wd-row-1');
    expect(screen.getByTestId('wd-total-count').textContent).toBe('2');
    expect(screen.getByTestId('wd-total-amount').textContent).toBe('2,000.00 USDT');
    fireEvent.click(screen.getByTestId('wd-approve-1'));
    await confirmDialogWith('member1');
    await waitFor(() => expect(screen.queryByTestId('wd-row-1')).toBeNull());
    expect(api.bodiesOf('Admin/AdminApprovewd')).toEqual([{ id: '1', action: 'approve' }]);
    expect(screen.getByTestId('wd-row-2')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('wd-total-count').textContent).toBe('1'));

    fireEvent.click(screen.getByTestId('wd-filter-status-approved'));
    expect((await screen.findByTestId('wd-row-1-status')).textContent).toBe('Approved');
  });

  it('asks for a reason before rejecting', async () => {
    logInAs('admin', 'admin1');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    fireEvent.click(await screen.findByTestId('wd-reject-2'));
    fireEvent.click(await screen.findByTestId('wd-reject-confirm'));
    expect((await screen.findByTestId('wd-reject-reason-error')).textContent).toBe('Please give a reason');
    expect(api.bodiesOf('Admin/AdminApprovewd')).toHaveLength(0);
    fireEvent.change(inputOf('wd-reject-reason'), { target: { value: 'Address on a sanctions list' } });
    fireEvent.click(screen.getByTestId('wd-reject-confirm'));
    await waitFor(() => expect(screen.queryByTestId('wd-row-2')).toBeNull());
    expect(api.bodiesOf('Admin/AdminApprovewd')).toEqual([
      { id: '2', action: 'reject', reason: 'Address on a sanctions list' },
    ]);
    fireEvent.click(screen.getByTestId('wd-filter-status-rejected'));
    expect((await screen.findByTestId('wd-row-2-decision')).textContent).toContain(
      'Reason: Address on a sanctions list',
    );
  });

  it('shows an on-chain payout that failed, with its transaction and reason, and retries it', async () => {
    logInAs('admin', 'admin1');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    fireEvent.click(await screen.findByTestId('wd-filter-status-approved'));
    const payout = await screen.findByTestId('wd-row-3-payout');
    expect(payout.textContent).toContain('Payout failed');
    expect(screen.getByTestId('wd-row-3-payout-error').textContent).toBe(
      'Why: the transfer reverted on chain',
    );
    expect(screen.getByTestId('wd-row-3-tx').getAttribute('href')).toBe(
      `https://explorer.example/tx/${HASH}`,
    );
    expect(screen.getByTestId('wd-reject-3').textContent).toBe('Reject and release');
    fireEvent.click(screen.getByTestId('wd-retry-3'));
    await confirmDialogWith('member3');
    await waitFor(() => expect(screen.getByTestId('wd-row-3-payout').textContent).toContain('Payout queued'));
    expect(api.bodiesOf('Admin/AdminApprovewd')).toEqual([{ id: '3', action: 'retry' }]);
    expect(screen.queryByTestId('wd-retry-3')).toBeNull();
  });
});
