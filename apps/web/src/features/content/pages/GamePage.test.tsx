import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const status = (checked: boolean) => ({
  checked_in: checked,
  streak: checked ? 3 : 2,
  today_reward: '2',
  asset: 'XT',
  rewards: ['1', '1', '2', '2', '3', '3', '5'],
  open: true,
  recent: [],
  total: checked ? '4' : '2',
});

describe('the game page', () => {
  beforeEach(() => logInAs());

  it('checks in once: shows the reward, then that it is done for today', async () => {
    let checked = false;
    const api = scriptedApi({
      'Game/status': () => status(checked),
      'Game/checkin': () => {
        checked = true;
        return status(true);
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Game/game');
    const button = await screen.findByTestId('game-checkin');
    expect(button.textContent).toBe('Check in and get 2.00 XT');
    expect(screen.getByTestId('game-streak').textContent).toBe('2-day streak');
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('game-checkin').textContent).toBe('Checked in today. Come back tomorrow!'),
    );
    expect(screen.getByTestId('game-checkin').hasAttribute('disabled')).toBe(true);
    expect(api.bodiesOf('Game/checkin')).toHaveLength(1);
  });
});
