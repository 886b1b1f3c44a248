import type { TreeNode } from '@mp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { treeNode } from '../../../test/network.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const node = (userid: string, parent: string, side: 'L' | 'R' | '', more: Partial<TreeNode> = {}) =>
  treeNode({ userid, parent, side, level: parent ? 1 : 0, ...more });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('member', 'alice1');
});

describe('my unit page', () => {
  it("shows the member's unit with each leg's totals and opens the tree from a child", async () => {
    const api = scriptedApi({
      'Member/PlacementTree': {
        top: 'alice1',
        root: 'alice1',
        up: '',
        depth: 0,
        nodes: [
          node('alice1', '', '', {
            left_count: 2,
            right_count: 0,
            left_volume: '700',
            left_balance: '700',
            has_left: true,
          }),
          node('bob', 'alice1', 'L', { has_left: true, left_count: 1 }),
          node('dave', 'bob', 'L', { level: 2 }),
        ],
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/personal/MyUnit');
    expect((await screen.findByTestId('unit-left-count')).textContent).toBe('2');
    expect(screen.getByTestId('unit-left-volume').textContent).toBe('700.00 USDT');
    expect(screen.getByTestId('unit-right-count').textContent).toBe('0');
    expect(screen.getByTestId('unit-node-dave')).toBeTruthy();
    expect(screen.getByTestId('unit-empty-alice1-R-register').getAttribute('href')).toBe(
      '/pages/register/register?sponsor=alice1&placement=alice1&side=R',
    );
    expect(screen.getByTestId('unit-empty-bob-R')).toBeTruthy();
    fireEvent.click(screen.getByTestId('unit-node-bob'));
    await waitFor(() => expect(router.state.location.search).toBe('?userid=bob'));
    expect(router.state.location.pathname).toBe('/pages/personal/tree');
  });
});
