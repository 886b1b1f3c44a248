import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { utcDate } from '../../../components/DailyJobRunner.tsx';
import { setLanguage } from '../../../lib/i18n.ts';
import {
  confirmDialogWith,
  inputOf,
  logInAs,
  Refuse,
  renderAt,
  scriptedApi,
} from '../../../test/renderApp.tsx';

type Body = Record<string, unknown>;

const SETTINGS = {
  sponsor_percent: '10',
  level_percents: ['5', '4', '3', '2', '1'],
  pairing_percent: '8',
  pair_ratio: '1:1',
  pair_unit: '100',
  carry_forward: true,
  daily_cap: { Fans: '0', Analyst: '500', Developer: '1000', Operator: '2000', Investor: '5000' },
  cap_excess: 'flush',
  rank_rules: [
    { rank: 'Analyst', personal_volume: '100', direct_sponsors: 2, team_volume: '1000' },
    { rank: 'Developer', personal_volume: '500', direct_sponsors: 4, team_volume: '10000' },
    { rank: 'Operator', personal_volume: '1000', direct_sponsors: 6, team_volume: '50000' },
    { rank: 'Investor', personal_volume: '5000', direct_sponsors: 10, team_volume: '200000' },
  ],
  wallets: { sponsor: 'reward', pairing: 'reward', level: 'funds' },
};

/** A fake server holding the plan's versions; a save adds one. */
function server(saveAnswer?: (b: Body) => unknown) {
  let current = { version: 3, note: 'Higher caps', created_by: 'admin1', created_at: '2030-01-03T00:00:00Z' };
  let settings: unknown = SETTINGS;
  const history = [
    { version: 2, note: 'Level 5', created_by: 'admin2', created_at: '2030-01-02T00:00:00Z' },
    { version: 1, note: 'First plan', created_by: 'system', created_at: '2030-01-01T00:00:00Z' },
  ];
  return scriptedApi({
    'Admin/plan': () => ({ current: { ...current, settings }, history: [...history] }),
    'Admin/planpreview': (b: Body) => ({
      lines: [
        { type: 'sponsor', level: 0, userid: 'root1', amount: '120', note: '' },
        { type: 'level', level: 1, userid: 'root1', amount: '50', note: '' },
        { type: 'pairing', level: 0, userid: '', amount: '80', note: '8 per pair, 10 pairs once matched' },
      ],
      total: '250',
      percent_of_amount: b.amount === '1000' ? '25.00' : '0.00',
    }),
    'Admin/plansave': (b: Body) => {
      const refused = saveAnswer?.(b);
      if (refused) return refused;
      history.unshift(current);
      current = {
        version: 4,
        note: String(b.note),
        created_by: 'admin1',
        created_at: '2030-02-01T00:00:00Z',
      };
      settings = b.settings;
      return { ...current, ranks_changed: 2 };
    },
    'Admin/runjob': (b: Body) => ({
      job: b.job,
      date: b.date,
      status: 'done',
      runs: 2,
      items: 5,
      items_now: 3,
      amounts: [{ asset: 'USDT', amount: '360' }],
      started_at: '2030-02-01T00:00:00Z',
      finished_at: '2030-02-01T00:00:01Z',
      error: '',
    }),
  });
}

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });
const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

describe('bonus plan editor', () => {
  it('loads the plan in force into the form, with the version history', async () => {
    vi.stubGlobal('fetch', server().fetch);
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    expect(inputOf('plan-sponsor_percent').value).toBe('10');
    expect(inputOf('plan-level_percents-4').value).toBe('1');
    expect(inputOf('plan-daily_cap-Operator').value).toBe('2000');
    expect(inputOf('plan-rank_rules-3-direct_sponsors').value).toBe('10');
    expect(screen.getByTestId('plan-pair_ratio').dataset.value).toBe('1:1');
    expect(screen.getByTestId('plan-wallets-level').dataset.value).toBe('funds');
    expect(screen.getByTestId('plan-carry_forward').getAttribute('aria-checked')).toBe('true');
    expect(text('plan-version-3')).toContain('Version 3 · Higher caps');
    expect(screen.getByTestId('plan-version-current')).toBeTruthy();
    expect(text('plan-version-1')).toContain('First plan');
    expect(screen.queryByTestId('plan-dirty')).toBeNull();
  });

  it('says when the built-in defaults are in force, not a save date', async () => {
    const defaults = {
      version: 0,
      note: 'built-in defaults',
      created_by: '',
      created_at: '1970-01-01T00:00:00Z',
    };
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Admin/plan': () => ({ current: { ...defaults, settings: SETTINGS }, history: [defaults] }),
      }).fetch,
    );
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    expect(text('plan-current')).toBe('The built-in defaults are in force: no version has been saved yet.');
    expect(text('plan-version-0')).toContain('Built-in defaults');
  });

  it('previews a purchase under the edited, unsaved settings', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    type('plan-sponsor_percent', '12.5');
    fireEvent.click(screen.getByTestId('plan-pair_ratio-2:1'));
    fireEvent.click(screen.getByTestId('plan-carry_forward'));
    expect(await screen.findByTestId('plan-dirty')).toBeTruthy();

    type('plan-preview-amount', '1,000');
    type('plan-preview-buyer', 'alice1');
    fireEvent.click(screen.getByTestId('plan-preview-run'));
    expect((await screen.findByTestId('plan-preview-total')).textContent).toBe('250.00 USDT');
    expect(text('plan-preview-percent')).toBe('25.00%');
    expect(text('plan-preview-line-0')).toContain('Sponsor bonus');
    expect(text('plan-preview-line-0')).toContain('To root1');
    expect(text('plan-preview-line-1')).toContain('Level bonus · level 1');
    expect(text('plan-preview-line-2')).toContain('8 per pair, 10 pairs once matched');
    expect(text('plan-preview-line-2-amount')).toBe('80.00 USDT');

    const [body] = api.bodiesOf('Admin/planpreview');
    expect(body).toEqual({
      amount: '1000',
      buyer: 'alice1',
      settings: { ...SETTINGS, sponsor_percent: '12.5', pair_ratio: '2:1', carry_forward: false },
    });
    expect(api.bodiesOf('Admin/plansave')).toHaveLength(0);

    // A later edit makes the shown preview out of date.
    type('plan-pair_unit', '50');
    expect(await screen.findByTestId('plan-preview-stale')).toBeTruthy();
  });

  it('checks the settings before a preview and does not ask the server with a bad value', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    type('plan-level_percents-1', '2.555');
    type('plan-rank_rules-0-direct_sponsors', '');
    type('plan-preview-amount', '100');
    fireEvent.click(screen.getByTestId('plan-preview-run'));
    expect(await screen.findByText('Level 2 bonus is not valid')).toBeTruthy();
    expect(screen.getByText('Analyst · Direct sponsors is required')).toBeTruthy();
    expect(api.bodiesOf('Admin/planpreview')).toHaveLength(0);
  });

  it('saves the edited plan as a new version after confirming', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    type('plan-pairing_percent', '9');
    type('plan-rank_rules-1-team_volume', '12000');
    fireEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('What changed is required')).toBeTruthy();
    expect(screen.queryByTestId('plan-save-confirm')).toBeNull();

    type('plan-note', ' Pairing 9% ');
    fireEvent.click(screen.getByTestId('plan-save'));
    expect((await screen.findByTestId('plan-save-confirm-text')).textContent).toContain('version 4');
    fireEvent.click(screen.getByTestId('plan-save-confirm-ok'));

    expect((await screen.findByTestId('plan-saved')).textContent).toContain(
      'Version 4 is in force; 2 members changed rank.',
    );
    await waitFor(() => expect(screen.getByTestId('plan-current').textContent).toContain('Version 4'));
    expect(text('plan-version-4')).toContain('Pairing 9%');
    expect(text('plan-version-3')).toContain('Higher caps');
    expect(inputOf('plan-pairing_percent').value).toBe('9');
    expect(screen.queryByTestId('plan-dirty')).toBeNull();

    const rules = SETTINGS.rank_rules.map((r) =>
      r.rank === 'Developer' ? { ...r, team_volume: '12000' } : r,
    );
    expect(api.bodiesOf('Admin/plansave')).toEqual([
      { note: 'Pairing 9%', settings: { ...SETTINGS, pairing_percent: '9', rank_rules: rules } },
    ]);
  });

  it("marks the fields the server refuses, with the field's name", async () => {
    const api = server(
      () =>
        new Refuse(422, 'Rank thresholds must not decrease', [
          {
            field: 'settings.rank_rules.2.team_volume',
            message: 'settings.rank_rules.2.team_volume must be at least the rank below',
          },
        ]),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    type('plan-rank_rules-2-team_volume', '5000');
    type('plan-note', 'Lower Operator');
    fireEvent.click(screen.getByTestId('plan-save'));
    fireEvent.click(await screen.findByTestId('plan-save-confirm-ok'));
    expect(await screen.findByText('Operator · Team volume must be at least the rank below')).toBeTruthy();
    expect(screen.queryByTestId('plan-saved')).toBeNull();
    expect(screen.getByTestId('plan-dirty')).toBeTruthy();
  });

  it('runs pairing for yesterday (UTC) by default and shows what the run did', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/plan');
    await screen.findByTestId('plan-form');
    const yesterday = utcDate(-1);
    expect(inputOf('run-pairing-date').value).toBe(yesterday);
    fireEvent.click(screen.getByTestId('run-pairing'));
    await confirmDialogWith(`Run pairing for ${yesterday}?`);
    expect((await screen.findByTestId('run-pairing-result-status')).textContent).toBe('Done');
    expect(text('run-pairing-result-items')).toBe('Settled: 5 · by this run: 3');
    expect(text('run-pairing-result-amount-USDT')).toBe('360.00 USDT');
    expect(api.bodiesOf('Admin/runjob')).toEqual([{ job: 'pairing', date: yesterday }]);
  });
});
