import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';
import { CAMPAIGN_POLL_MS } from './AdminAirdropPage.tsx';

type Campaign = { id: string; name: string; total: number; done: number; status: string };

function campaign(c: Campaign) {
  return { asset: 'XT', amount_each: '12.5', created_at: '2030-01-01T00:00:00Z', created_by: 'admin1', ...c };
}

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('airdrop campaigns', () => {
  it('shows each campaign’s progress and follows a running one until it is done, then stops asking', async () => {
    // Each list call moves the running campaign on: 3 of 8, then 8 of 8.
    const progress = [3, 8];
    const api = scriptedApi({
      'Admin/airdropcampaigns': () => {
        const done = progress.shift() ?? 8;
        return {
          list: [
            campaign({ id: '2', name: 'Launch', total: 8, done, status: done === 8 ? 'done' : 'running' }),
            campaign({ id: '1', name: 'Beta', total: 4, done: 1, status: 'failed' }),
          ],
          page: 1,
          pagesize: 10,
          total: 2,
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/airdrop');

    expect((await screen.findByTestId('campaign-2-progress')).textContent).toBe('3 / 8 members (37%)');
    expect(screen.getByTestId('campaign-2-bar').getAttribute('aria-valuenow')).toBe('37');
    expect(screen.getByTestId('campaign-2-status').textContent).toBe('Running');
    expect(screen.getByTestId('campaign-2-amount').textContent).toBe('12.50 XT');
    expect(screen.getByTestId('campaign-1-status').dataset.state).toBe('failed');
    expect(screen.getByTestId('campaign-1-progress').textContent).toBe('1 / 4 members (25%)');

    await waitFor(() => expect(screen.getByTestId('campaign-2-status').textContent).toBe('Done'), {
      timeout: CAMPAIGN_POLL_MS * 2,
    });
    expect(screen.getByTestId('campaign-2-progress').textContent).toBe('8 / 8 members (100%)');
    expect(screen.getByTestId('campaign-2-bar').getAttribute('aria-valuenow')).toBe('100');
    const asked = api.bodiesOf('Admin/airdropcampaigns').length;
    await new Promise((r) => setTimeout(r, CAMPAIGN_POLL_MS + 500));
    expect(api.bodiesOf('Admin/airdropcampaigns')).toHaveLength(asked);
  }, 15_000);

  it('starts a campaign for the listed members after confirming the total, once per confirmed request', async () => {
    const api = scriptedApi({
      'Admin/airdropcampaigns': { list: [], page: 1, pagesize: 10, total: 0 },
      'Admin/airdropcampaign': (b: Record<string, unknown>) =>
        campaign({ id: '3', name: String(b.name), total: 3, done: 0, status: 'running' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/airdrop');
    expect(await screen.findByTestId('campaigns-empty')).toBeTruthy();
    type('airdrop-name', 'Spring');
    type('airdrop-amount', '1,000.5');
    type('airdrop-userids', 'alice1, bob22\ncarol3 alice1');
    fireEvent.click(screen.getByTestId('airdrop-submit'));
    expect((await screen.findByTestId('airdrop-confirm-effect')).textContent).toBe(
      '"Spring": 3 members will each receive 1,000.50 XT · Total 3,001.50 XT',
    );
    fireEvent.click(screen.getByTestId('airdrop-confirm-ok'));
    await waitFor(() => expect(api.bodiesOf('Admin/airdropcampaign')).toHaveLength(1));
    expect(api.bodiesOf('Admin/airdropcampaign')[0]).toMatchObject({
      name: 'Spring',
      amount_each: '1000.5',
      userids: 'alice1,bob22,carol3',
    });
    expect(api.bodiesOf('Admin/airdropcampaign')[0]).not.toHaveProperty('all_members');

    type('airdrop-name', 'Everyone');
    type('airdrop-amount', '1');
    fireEvent.click(screen.getByTestId('airdrop-audience-all'));
    expect(screen.queryByTestId('airdrop-userids')).toBeNull();
    fireEvent.click(screen.getByTestId('airdrop-submit'));
    expect((await screen.findByTestId('airdrop-confirm-effect')).textContent).toBe(
      '"Everyone": every active member will receive 1.00 XT',
    );
    fireEvent.click(screen.getByTestId('airdrop-confirm-ok'));
    await waitFor(() => expect(api.bodiesOf('Admin/airdropcampaign')).toHaveLength(2));
    const [first, second] = api.bodiesOf('Admin/airdropcampaign');
    expect(second).toMatchObject({ name: 'Everyone', amount_each: '1', all_members: true });
    expect(second?.idempotency_key).not.toBe(first?.idempotency_key);
  });
});
