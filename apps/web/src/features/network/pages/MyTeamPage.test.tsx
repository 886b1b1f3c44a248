import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const group = {
  rank: 'Analyst',
  next_rank: 'Developer',
  next_rank_needs: { personal_volume: '1000', direct_sponsors: 5, team_volume: '20000' },
  personal_volume: '500',
  direct_count: 3,
  team_volume: '20500.5',
  sponsor_team_count: 12,
  left_count: 7,
  right_count: 4,
  left_volume: '12500.5',
  right_volume: '8000',
  left_today: '300',
  right_today: '100',
  left_balance: '4500.5',
  right_balance: '0',
  today_pairing: '20',
  cap: '80',
  cap_used: '20',
  last_pairing_date: '2030-01-30',
  last_pairing: '35.25',
};

const levels = {
  levels: [1, 2, 3, 4, 5].map((level) => ({ level, count: 6 - level, volume: String(level * 100) })),
  count: 15,
  volume: '1500',
};

const member = (userid: string, level: number) => ({
  userid,
  rank: 'Fans',
  joined: '2030-01-02',
  level,
  sponsor: 'bob',
  personal_volume: '250',
  direct_count: 0,
  team_count: 2,
  team_volume: '400',
});

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('team page', () => {
  it("shows the team's figures, today's pairing against the daily cap, and the five levels", async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Tree/getgroupinfo2': group, 'Member/fivelevel': levels }).fetch);
    renderAt('/pages/personal/MyTeam2');
    expect((await screen.findByTestId('team-rank-current')).textContent).toBe('Analyst');
    expect(screen.getByTestId('team-next-rank').textContent).toContain('Developer');
    expect(screen.getByTestId('team-need-pv').textContent).toBe('1,000.00 USDT');
    expect(screen.getByTestId('team-need-directs').textContent).toBe('5');
    expect(screen.getByTestId('team-sizes').querySelector('h2')?.textContent).toBe('What you have now');
    expect(screen.getByTestId('team-pv').textContent).toBe('500.00 USDT');
    expect(screen.getByTestId('team-directs').textContent).toBe('3');
    // The next rank needs team volume: what the member has of it sits beside the other two needs.
    expect(screen.getByTestId('team-tv').textContent).toBe('20,500.50 USDT');
    expect(screen.getByTestId('team-sponsor-team').textContent).toBe('12');
    expect(screen.getByTestId('team-left-count').textContent).toBe('7');
    expect(screen.getByTestId('team-right-count').textContent).toBe('4');
    expect(screen.getByTestId('team-left-volume').textContent).toBe('12,500.50 USDT');
    expect(screen.getByTestId('team-left-today').textContent).toBe('300.00 USDT');
    expect(screen.getByTestId('team-left-balance').textContent).toBe('4,500.50 USDT');
    expect(screen.getByTestId('team-today-pairing').textContent).toBe('20.00 USDT');
    expect(screen.getByTestId('team-cap').textContent).toBe('80.00 USDT');
    expect(screen.getByTestId('team-cap-used').textContent).toBe('20.00 USDT (25%)');
    expect(screen.getByTestId('team-cap-bar').dataset.percent).toBe('25');
    expect(screen.getByTestId('team-last-pairing').textContent).toContain('35.25 USDT');
    expect((await screen.findByTestId('team-level-1-count')).textContent).toBe('5');
    expect(screen.getByTestId('team-level-5-volume').textContent).toBe('500.00 USDT');
    expect(screen.getByTestId('team-levels-count').textContent).toBe('15');
  });

  it('says when the top rank is reached and when no pairing was paid yet', async () => {
    const top = { ...group, rank: 'Investor', next_rank: '', last_pairing_date: '', last_pairing: '0' };
    vi.stubGlobal('fetch', scriptedApi({ 'Tree/getgroupinfo2': top, 'Member/fivelevel': levels }).fetch);
    renderAt('/pages/personal/MyTeam2');
    expect((await screen.findByTestId('team-next-rank')).textContent).toBe('You have reached the top rank.');
    expect(screen.getByTestId('team-last-pairing').textContent).toBe('None yet');
  });

  it("opens a level's members from its row", async () => {
    const api = scriptedApi({
      'Tree/getgroupinfo2': group,
      'Member/fivelevel': levels,
      'member/downlinelist2': (b: Record<string, unknown>) => ({
        list: [member('dave', Number(b.level))],
        page: 1,
        pagesize: 10,
        total: 1,
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/personal/MyTeam2');
    fireEvent.click(await screen.findByTestId('team-level-2-open'));
    expect((await screen.findByTestId('downline-dave-level')).textContent).toBe('2');
    expect(screen.getByTestId('nav-title').textContent).toBe('Level 2 members');
    expect(router.state.location.search).toBe('?level=2');
    expect(api.bodiesOf('member/downlinelist2')).toEqual([{ page: 1, pagesize: 10, level: 2 }]);
    await waitFor(() =>
      expect(screen.getByTestId('downline-dave-team-volume').textContent).toBe('400.00 USDT'),
    );
  });
});
