import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const member = (userid: string, level: number) => ({
  userid,
  rank: 'Fans',
  joined: '2030-01-02',
  level,
  sponsor: 'alice1',
  personal_volume: '250',
  direct_count: 1,
  team_count: 3,
  team_volume: '1200',
});
const page = (list: unknown[]) => ({ list, page: 1, pagesize: 10, total: list.length });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('my affiliates page', () => {
  it('lists the members one invited, searches the whole downline, and shows where a member sits', async () => {
    const api = scriptedApi({
      'member/downlinelist': page([member('bob', 1)]),
      'member/searchdownline': page([member('dave', 3)]),
      'Member/searchmember': {
        userid: 'dave',
        rank: 'Fans',
        joined: '2030-01-02',
        sponsor: 'bob',
        placement: 'carol',
        side: 'R',
        depth: 2,
        sponsor_level: 3,
        left_count: 0,
        right_count: 0,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/personal/MyAffiliates');
    expect((await screen.findByTestId('downline-bob-pv')).textContent).toBe('250.00 USDT');
    expect(screen.getByTestId('downline-bob-team-count').textContent).toBe('3');
    fireEvent.change(inputOf('affiliates-search'), { target: { value: 'da' } });
    expect((await screen.findByTestId('downline-dave-level')).textContent).toBe('3');
    expect(screen.queryByTestId('downline-bob')).toBeNull();
    expect(api.bodiesOf('member/searchdownline')).toEqual([{ page: 1, pagesize: 10, keyword: 'da' }]);
    fireEvent.click(screen.getByTestId('downline-dave'));
    expect((await screen.findByTestId('member-popup-placement')).textContent).toBe('carol');
    fireEvent.click(screen.getByTestId('member-popup-tree'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/personal/tree'));
    expect(router.state.location.search).toBe('?userid=dave');
  });
});
