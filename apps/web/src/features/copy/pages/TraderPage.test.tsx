import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const profile = (over: Record<string, unknown> = {}) => ({
  id: '',
  state: 'none',
  display_name: '',
  bio: '',
  strategy: '',
  reason: '',
  applied_at: '',
  decided_at: '',
  kyc_approved: true,
  ...over,
});

describe('the lead trader page', () => {
  beforeEach(() => logInAs());

  it('sends a member without an approved identity to verify it', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Trade/traderprofile': profile({ kyc_approved: false }) }).fetch);
    renderAt('/pages/personal/trader');
    expect((await screen.findByTestId('trader-kyc')).textContent).toContain('Verify your identity first');
    expect(screen.queryByTestId('trader-submit')).toBeNull();
  });

  it('asks for the agreement, applies, then shows the review', async () => {
    let current = profile();
    const api = scriptedApi({
      'Trade/traderprofile': () => current,
      'Trade/traderapply': (b: Record<string, unknown>) => {
        current = profile({ ...b, state: 'pending', applied_at: '2026-11-25T08:00:00.000Z' });
        return current;
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/trader');
    await screen.findByTestId('trader-name');
    fireEvent.change(inputOf('trader-name'), { target: { value: 'Steady Sam' } });
    fireEvent.click(screen.getByTestId('trader-submit'));
    expect(await screen.findByText('Please accept the lead trader agreement')).toBeTruthy();
    expect(api.bodiesOf('Trade/traderapply')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('trader-agree'));
    fireEvent.click(screen.getByTestId('trader-submit'));
    expect((await screen.findByTestId('trader-pending')).textContent).toContain('Application under review');
    expect(api.bodiesOf('Trade/traderapply')).toEqual([
      { display_name: 'Steady Sam', bio: '', strategy: '', agree: true },
    ]);
  });

  it('shows a rejection with its reason and an approved profile to edit', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Trade/traderprofile': profile({ state: 'rejected', reason: 'No risk rules', display_name: 'Sam' }),
      }).fetch,
    );
    const first = renderAt('/pages/personal/trader');
    expect((await screen.findByTestId('trader-rejected')).textContent).toContain('Reason: No risk rules');
    expect(screen.getByTestId('trader-submit').textContent).toBe('Apply again');
    first.unmount();

    const api = scriptedApi({
      'Trade/traderprofile': profile({ state: 'approved', display_name: 'Sam' }),
      'Trade/traderprofilesave': (b: Record<string, unknown>) => profile({ ...b, state: 'approved' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/trader');
    expect((await screen.findByTestId('trader-approved')).textContent).toContain('You are a lead trader');
    expect(screen.getByTestId('trader-public-page').getAttribute('href')).toContain('/pages/copy/trader?id=');
    expect(screen.queryByTestId('trader-agree')).toBeNull();
    fireEvent.change(inputOf('trader-strategy'), { target: { value: 'Breakouts' } });
    fireEvent.click(screen.getByTestId('trader-submit'));
    await waitFor(() =>
      expect(api.bodiesOf('Trade/traderprofilesave')).toEqual([
        { display_name: 'Sam', bio: '', strategy: 'Breakouts' },
      ]),
    );
  });
});
