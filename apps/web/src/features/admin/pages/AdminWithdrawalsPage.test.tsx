import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import {
  confirmDialogWith,
  inputOf,
  logInAs,
  Refuse,
  renderAt,
  scriptedApi,
} from '../../../test/renderApp.tsx';

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
    // The TRC-20 network has no hot wallet on this (ERC-20) server: paid by hand.
    payout_mode: 'manual',
    second_approval: '',
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

const HASH = `0x${'ab'.repeat(32)}`;
const BEP20_ADDRESS = `0x${'12'.repeat(20)}`;

/**
 * A fake server holding the withdrawals the page decides on: two pending (TRC-20, paid by hand), one whose
 * payout failed, one on a hot-wallet network above the per-payout limit, one BEP-20 approved to be paid by hand.
 */
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
    withdrawal('4', 'pending', '', {
      address_type: 'USDT-ERC20',
      address: BEP20_ADDRESS,
      payout_mode: 'automatic',
      second_approval: 'per_withdrawal_limit',
    }),
    withdrawal('5', 'approved', '', {
      address_type: 'USDT-BEP20',
      address: BEP20_ADDRESS,
      payout_state: 'manual',
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
    'Admin/wdmanualpaid': (b: Record<string, unknown>) => {
      if (b.tx_hash !== HASH) {
        const why = 'This is not a USDT-BEP20 transaction hash';
        return new Refuse(422, why, [{ field: 'tx_hash', message: why }]);
      }
      const i = rows.findIndex((r) => r.id === b.id);
      rows[i] = {
        ...rows[i],
        payout_state: 'confirmed',
        tx_hash: HASH,
        explorer_url: `https://bscscan.example/tx/${HASH}`,
      };
      return rows[i];
    },
  });
}

/** The text of the dialog approving `userid`'s withdrawal, once it is open (an earlier test's may still be closing). */
const approvalDialogText = (userid: string) =>
  waitFor(() => {
    const texts = [...document.querySelectorAll('.adm-dialog-content')].map((d) => d.textContent ?? '');
    const text = texts.find((x) => x.startsWith(`Approve the withdrawal of ${userid}?`));
    if (!text) throw new Error('no approval dialog yet');
    return text;
  });

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
    expect(screen.getByTestId('wd-total-count').textContent).toBe('3');
    expect(screen.getByTestId('wd-total-amount').textContent).toBe('3,000.00 USDT');
    fireEvent.click(screen.getByTestId('wd-approve-1'));
    await confirmDialogWith('member1');
    await waitFor(() => expect(screen.queryByTestId('wd-row-1')).toBeNull());
    expect(api.bodiesOf('Admin/AdminApprovewd')).toEqual([{ id: '1', action: 'approve' }]);
    expect(screen.getByTestId('wd-row-2')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('wd-total-count').textContent).toBe('2'));

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

  it('the approve dialog says a network paid by hand is to be paid to the address and recorded here', async () => {
    logInAs('admin', 'admin1');
    vi.stubGlobal('fetch', server().fetch);
    renderAt('/pages/admin/wd');
    fireEvent.click(await screen.findByTestId('wd-approve-1'));
    expect(await approvalDialogText('member1')).toBe(
      'Approve the withdrawal of member1? USDT-TRC20 is paid by hand: after approving, send 950.00 USDT to ' +
        'TXYZabc1234 yourself, then record the transaction hash here.',
    );
  });

  it('the approve dialog says a payout is sent from the hot wallet, and why a second admin must approve', async () => {
    logInAs('admin', 'admin1');
    vi.stubGlobal('fetch', server().fetch);
    renderAt('/pages/admin/wd');
    fireEvent.click(await screen.findByTestId('wd-approve-4'));
    expect(await approvalDialogText('member4')).toBe(
      'Approve the withdrawal of member4? 950.00 USDT will be sent from the hot wallet on USDT-ERC20. ' +
        'A second admin must approve it too: it is above the limit per automatic payout.',
    );
  });

  it('records the hash of a payment made by hand: a refusal shows in the dialog, then the row shows it paid', async () => {
    logInAs('admin', 'admin1');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    fireEvent.click(await screen.findByTestId('wd-filter-status-approved'));
    expect((await screen.findByTestId('wd-row-5-payout')).textContent).toBe('To be paid by hand');
    expect(screen.queryByTestId('wd-record-3')).toBeNull();
    fireEvent.click(screen.getByTestId('wd-record-5'));
    expect((await screen.findByTestId('wd-record-text')).textContent).toContain(
      `Send 950.00 USDT to ${BEP20_ADDRESS} on USDT-BEP20`,
    );
    fireEvent.click(screen.getByTestId('wd-record-ok'));
    expect((await screen.findByTestId('wd-record-error')).textContent).toBe(
      'Please enter the transaction hash',
    );
    expect(api.bodiesOf('Admin/wdmanualpaid')).toHaveLength(0);

    fireEvent.change(inputOf('wd-record-hash'), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('wd-record-ok'));
    expect((await screen.findByTestId('wd-record-error')).textContent).toBe(
      'This is not a USDT-BEP20 transaction hash',
    );
    expect(screen.getByTestId('wd-row-5-payout').textContent).toBe('To be paid by hand');

    fireEvent.change(inputOf('wd-record-hash'), { target: { value: ` ${HASH} ` } });
    fireEvent.click(screen.getByTestId('wd-record-ok'));
    await waitFor(() => expect(screen.getByTestId('wd-row-5-payout').textContent).toContain('Paid on chain'));
    const tx = screen.getByTestId('wd-row-5-tx');
    expect(tx.textContent).toBe(`${HASH.slice(0, 10)}…${HASH.slice(-8)}`);
    expect(tx.getAttribute('title')).toBe(HASH);
    expect(tx.getAttribute('href')).toBe(`https://bscscan.example/tx/${HASH}`);
    expect(screen.queryByTestId('wd-record-5')).toBeNull();
    expect(api.bodiesOf('Admin/wdmanualpaid')).toEqual([
      { id: '5', tx_hash: '0x1234' },
      { id: '5', tx_hash: HASH },
    ]);
  });

  it('cancels one waiting to be paid by hand, with a reason, when it is rejected', async () => {
    logInAs('admin', 'admin1');
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/wd');
    fireEvent.click(await screen.findByTestId('wd-filter-status-approved'));
    fireEvent.click(await screen.findByTestId('wd-reject-5'));
    fireEvent.change(inputOf('wd-reject-reason'), { target: { value: 'The member asked to stop it' } });
    fireEvent.click(screen.getByTestId('wd-reject-confirm'));
    await waitFor(() => expect(screen.queryByTestId('wd-row-5')).toBeNull());
    expect(api.bodiesOf('Admin/AdminApprovewd')).toEqual([
      { id: '5', action: 'cancel', reason: 'The member asked to stop it' },
    ]);
  });
});
