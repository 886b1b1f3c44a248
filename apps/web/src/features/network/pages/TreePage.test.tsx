import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { treeNode } from '../../../test/network.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

/** alice1 (the member) with bob on the left and carol on the right; bob has children not loaded yet. */
const top = {
  top: 'alice1',
  root: 'alice1',
  up: '',
  depth: 0,
  nodes: [
    treeNode({
      userid: 'alice1',
      rank: 'Analyst',
      left_count: 2,
      right_count: 1,
      left_volume: '1500',
      right_volume: '300.5',
      left_balance: '1200.12345',
      right_balance: '0',
      has_left: true,
      has_right: true,
    }),
    treeNode({
      userid: 'bob',
      parent: 'alice1',
      side: 'L',
      level: 1,
      left_count: 1,
      left_volume: '20.019',
      has_left: true,
      expandable: true,
    }),
    treeNode({ userid: 'carol', parent: 'alice1', side: 'R', level: 1 }),
  ],
};
/** bob's levels, asked for by expanding him: he comes back as the top of the answer. */
const bobBelow = {
  top: 'alice1',
  root: 'bob',
  up: 'alice1',
  depth: 1,
  nodes: [
    treeNode({ userid: 'bob', left_count: 1, has_left: true }),
    treeNode({ userid: 'dave', parent: 'bob', side: 'L', level: 1, joined: '2030-01-09' }),
  ],
};
const carolView = (favorite: boolean) => ({
  top: 'alice1',
  root: 'carol',
  up: 'alice1',
  depth: 1,
  nodes: [treeNode({ userid: 'carol', favorite })],
});

function treeApi(extra: Record<string, unknown> = {}) {
  let carolFavorite = false;
  return scriptedApi({
    'Tree/gettree': (b: Record<string, unknown>) =>
      b.userid === 'bob'
        ? bobBelow
        : b.userid === 'carol'
          ? carolView(carolFavorite)
          : b.userid === 'zed'
            ? new Refuse(403, 'This member is not in your downline')
            : top,
    'Tree/addfavorite': (b: Record<string, unknown>) => {
      carolFavorite = true;
      return { userid: b.userid, favorite: true };
    },
    'Tree/unfavorite': (b: Record<string, unknown>) => {
      carolFavorite = false;
      return { userid: b.userid, favorite: false };
    },
    ...extra,
  });
}

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('member', 'alice1');
});

describe('placement tree page', () => {
  it("shows the member's tree as cards with each leg's counts, volumes and balances, and empty places", async () => {
    const api = treeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/tree');
    expect((await screen.findByTestId('tree-diagram')).dataset.root).toBe('alice1');
    expect(screen.getByTestId('tree-node-alice1-left-count').textContent).toBe('2');
    expect(screen.getByTestId('tree-node-alice1-left-volume').textContent).toBe('1,500.00');
    expect(screen.getByTestId('tree-node-alice1-right-volume').textContent).toBe('300.50');
    // Cut to cents: on the member's own card a tap shows every digit; another's card is a button that opens it,
    // so there the exact figure is the title.
    const balance = screen.getByTestId('tree-node-alice1-left-balance');
    expect(balance.textContent).toBe('1,200.12');
    fireEvent.click(within(balance).getByRole('button'));
    expect(balance.textContent).toBe('1,200.12345');
    expect(screen.getByTestId('tree-node-bob-left-volume').textContent).toBe('20.01');
    expect(within(screen.getByTestId('tree-node-bob-left-volume')).getByTitle('20.019')).toBeTruthy();
    expect(screen.getByTestId('tree-node-alice1').textContent).toContain('Analyst');
    expect(screen.getByTestId('tree-node-bob').dataset.side).toBe('L');
    expect(screen.getByTestId('tree-node-carol').dataset.side).toBe('R');
    expect(screen.getByTestId('tree-empty-carol-L').textContent).toContain('Empty left');
    expect(screen.getByTestId('tree-empty-carol-R-register').getAttribute('href')).toBe(
      '/pages/register/register?sponsor=alice1&placement=carol&side=R',
    );
    expect(screen.getByTestId('tree-up').hasAttribute('disabled')).toBe(true);
    expect(api.bodiesOf('Tree/gettree')).toEqual([{ levels: 3 }]);
  });

  it('loads the levels below an expandable node and adds them under it, keeping the rest of the tree', async () => {
    const api = treeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/tree');
    fireEvent.click(await screen.findByTestId('tree-expand-bob'));
    const dave = await screen.findByTestId('tree-node-dave');
    expect(dave.dataset.side).toBe('L');
    // dave hangs under bob, who is still under alice1; carol is still there.
    expect(screen.getByTestId('tree-node-bob').parentElement?.contains(dave)).toBe(true);
    expect(screen.getByTestId('tree-diagram').dataset.root).toBe('alice1');
    expect(screen.getByTestId('tree-node-carol')).toBeTruthy();
    expect(screen.queryByTestId('tree-expand-bob')).toBeNull();
    expect(api.bodiesOf('Tree/gettree')).toEqual([{ levels: 3 }, { userid: 'bob', levels: 3 }]);
  });

  it('finds a member by the start of the userid and shows the tree from the one picked', async () => {
    const api = treeApi({
      'Member/searchuserid': {
        list: [{ userid: 'carol', rank: 'Fans', joined: '2030-01-05', depth: 1, leg: 'R' }],
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/personal/tree');
    await screen.findByTestId('tree-diagram');
    fireEvent.change(inputOf('tree-search'), { target: { value: 'ca' } });
    const result = await screen.findByTestId('tree-search-result-carol');
    expect(result.textContent).toContain('Right');
    fireEvent.click(result);
    await waitFor(() => expect(screen.getByTestId('tree-diagram').dataset.root).toBe('carol'));
    expect(router.state.location.search).toBe('?userid=carol');
    expect(api.bodiesOf('Member/searchuserid')).toEqual([{ userid: 'ca' }]);
    expect(screen.queryByTestId('tree-search-results')).toBeNull();
    // From carol: one level up goes back to alice1.
    fireEvent.click(screen.getByTestId('tree-up'));
    await waitFor(() => expect(screen.getByTestId('tree-diagram').dataset.root).toBe('alice1'));
  });

  it('tapping a card shows the tree from that member; its star adds and removes the favourite', async () => {
    const api = treeApi();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/tree');
    fireEvent.click(await screen.findByTestId('tree-node-carol'));
    const star = await screen.findByTestId('tree-favorite');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() =>
      expect(screen.getByTestId('tree-favorite').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.getByTestId('tree-favorite').getAttribute('aria-label')).toBe('Remove from favourites');
    fireEvent.click(screen.getByTestId('tree-favorite'));
    await waitFor(() =>
      expect(screen.getByTestId('tree-favorite').getAttribute('aria-pressed')).toBe('false'),
    );
    expect(api.bodiesOf('Tree/addfavorite')).toEqual([{ userid: 'carol' }]);
    expect(api.bodiesOf('Tree/unfavorite')).toEqual([{ userid: 'carol' }]);
  });

  it('jumps to a member from the favourites list', async () => {
    const api = treeApi({
      'Tree/showfavorite2': {
        list: [
          {
            userid: 'carol',
            rank: 'Fans',
            joined: '2030-01-05',
            depth: 1,
            leg: 'R',
            created_at: '2030-01-10',
          },
        ],
        page: 1,
        pagesize: 10,
        total: 1,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/tree');
    await screen.findByTestId('tree-diagram');
    fireEvent.click(screen.getByTestId('tree-favorites-open'));
    fireEvent.click(await screen.findByTestId('tree-favorite-carol'));
    await waitFor(() => expect(screen.getByTestId('tree-diagram').dataset.root).toBe('carol'));
  });

  it("shows the server's refusal for a member outside the downline, with a way back to one's own tree", async () => {
    vi.stubGlobal('fetch', treeApi().fetch);
    renderAt('/pages/personal/tree?userid=zed');
    expect((await screen.findByTestId('tree-error')).textContent).toContain(
      'This member is not in your downline',
    );
    fireEvent.click(screen.getByTestId('tree-error-action'));
    expect((await screen.findByTestId('tree-diagram')).dataset.root).toBe('alice1');
  });
});
