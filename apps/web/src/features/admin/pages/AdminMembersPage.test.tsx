import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

type Body = Record<string, unknown>;

function member(userid: string, status: 'active' | 'frozen', sponsor: string) {
  return {
    userid,
    name: `${userid} name`,
    email: `${userid}@example.com`,
    mobile: '123456789',
    rank: 'Analyst',
    status,
    kyc_state: 'approved',
    joined: '2030-01-01T08:00:00Z',
    sponsor,
  };
}

function detail(
  m: ReturnType<typeof member>,
  history: { action: string; reason: string; by: string; at: string }[],
) {
  return {
    ...m,
    placement: m.sponsor,
    side: 'L',
    tel_prefix: '+60',
    role: 'member',
    wallets: [
      { wallet: 'reward', asset: 'USDT', balance: '1250.5', available: '1000' },
      { wallet: 'funds', asset: 'XT', balance: '10', available: '10' },
    ],
    personal_volume: '500',
    direct_count: 4,
    left_count: 7,
    right_count: 3,
    left_volume: '7000',
    right_volume: '3000',
    left_balance: '4000',
    right_balance: '0',
    rank_history: [{ from: 'Fans', to: 'Analyst', reason: 'Thresholds met', at: '2030-01-05T00:00:00Z' }],
    status_history: history,
  };
}

/** A fake server with three members whose status the page changes. */
function server() {
  const members = [
    member('alice1', 'active', 'root1'),
    member('bob22', 'frozen', 'root1'),
    member('root1', 'active', ''),
  ];
  const history: Record<string, { action: string; reason: string; by: string; at: string }[]> = {};
  return scriptedApi({
    'Admin/memlist': (b: Body) => {
      const keyword = typeof b.keyword === 'string' ? b.keyword : '';
      const list = members.filter(
        (m) => (!b.status || m.status === b.status) && (!keyword || m.userid.startsWith(keyword)),
      );
      return { list, page: 1, pagesize: 10, total: list.length };
    },
    'Admin/memberdetail': (b: Body) => {
      const m = members.find((x) => x.userid === b.userid);
      return m ? detail(m, history[m.userid] ?? []) : undefined;
    },
    'Admin/memberstatus': (b: Body) => {
      const m = members.find((x) => x.userid === b.userid);
      if (!m) return undefined;
      m.status = b.action === 'freeze' ? 'frozen' : 'active';
      history[m.userid] = [
        { action: String(b.action), reason: String(b.reason), by: 'admin1', at: '2030-02-01T00:00:00Z' },
        ...(history[m.userid] ?? []),
      ];
      return { userid: m.userid, status: m.status };
    },
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('admin members', () => {
  it('lists members with their status, filters by status, and opens a member in full', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/admin/member');
    expect((await screen.findByTestId('member-row-alice1-status')).textContent).toBe('Active');
    expect(text('member-row-alice1-name')).toBe('alice1 name · Analyst');
    expect(text('member-row-alice1-kyc')).toBe('KYC: Verified');
    expect(text('member-row-alice1-sponsor')).toBe('Sponsor: root1');
    expect(text('member-row-root1-sponsor')).toBe('No sponsor');

    fireEvent.click(screen.getByTestId('member-filter-status-frozen'));
    expect((await screen.findByTestId('member-row-bob22-status')).textContent).toBe('Frozen');
    expect(screen.queryByTestId('member-row-alice1')).toBeNull();
    expect(api.bodiesOf('Admin/memlist').at(-1)).toEqual({ page: 1, pagesize: 10, status: 'frozen' });

    fireEvent.click(screen.getByTestId('member-row-bob22'));
    await waitFor(() => expect(router.state.location.search).toBe('?userid=bob22'));
    expect((await screen.findByTestId('member-userid')).textContent).toBe('bob22');
    expect(text('member-email')).toBe('bob22@example.com');
    expect(text('member-mobile')).toBe('+60 123456789');
    expect(text('member-side')).toBe('Left');
    expect(text('member-wallet-reward-USDT-balance')).toBe('1,250.50 USDT');
    expect(text('member-wallet-reward-USDT-available')).toBe('1,000.00 USDT');
    expect(text('member-left-volume')).toBe('7,000.00 USDT');
    expect(text('member-right-count')).toBe('3');
    expect(text('member-rank-change-0')).toContain('Fans → Analyst');
    expect(screen.getByTestId('member-unfreeze')).toBeTruthy();

    fireEvent.click(screen.getByTestId('member-sponsor'));
    await waitFor(() => expect(text('member-userid')).toBe('root1'));
    expect(router.state.location.search).toBe('?userid=root1');
  });

  it('finds members by the start of a username', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/search');
    expect(await screen.findByTestId('member-search-hint')).toBeTruthy();
    fireEvent.change(inputOf('member-search-keyword'), { target: { value: ' bo ' } });
    expect(await screen.findByTestId('member-row-bob22')).toBeTruthy();
    expect(screen.queryByTestId('member-row-alice1')).toBeNull();
    expect(api.bodiesOf('Admin/memlist')).toEqual([{ page: 1, pagesize: 10, keyword: 'bo' }]);

    fireEvent.change(inputOf('member-search-keyword'), { target: { value: 'zz' } });
    expect((await screen.findByTestId('member-search-empty')).textContent).toContain(
      'No member matches "zz"',
    );
  });

  it('freezes a member only with a reason, and the page shows the new status', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/memberdetail?userid=alice1');
    expect((await screen.findByTestId('member-status')).textContent).toBe('Active');
    expect(text('member-status-history')).toContain('Never frozen');

    fireEvent.click(screen.getByTestId('member-freeze'));
    fireEvent.click(await screen.findByTestId('member-status-confirm-ok'));
    expect((await screen.findByTestId('member-status-reason-error')).textContent).toBe(
      'Please give a reason',
    );
    expect(api.bodiesOf('Admin/memberstatus')).toHaveLength(0);

    fireEvent.change(inputOf('member-status-reason'), { target: { value: '  Chargeback under review ' } });
    fireEvent.click(screen.getByTestId('member-status-confirm-ok'));
    await waitFor(() => expect(text('member-status')).toBe('Frozen'));
    expect(api.bodiesOf('Admin/memberstatus')).toEqual([
      { userid: 'alice1', action: 'freeze', reason: 'Chargeback under review' },
    ]);
    expect(screen.queryByTestId('member-status-confirm')).toBeNull();
    expect(text('member-status-change-0')).toContain('Frozen · Chargeback under review');
    expect(screen.getByTestId('member-unfreeze')).toBeTruthy();
  });

  it('says so when no member is given', async () => {
    renderAt('/pages/admin/memberdetail');
    expect((await screen.findByTestId('member-detail-missing')).textContent).toContain(
      'No member was chosen',
    );
  });
});
