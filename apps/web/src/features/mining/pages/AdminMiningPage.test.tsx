import { fireEvent, screen } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { utcDate } from '../../../components/DailyJobRunner.tsx';
import { setLanguage } from '../../../lib/i18n.ts';
import { confirmDialogWith, inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

type Body = Record<string, unknown>;

function jobRun(date: string, itemsNow: number) {
  return {
    job: 'mining_income',
    date,
    status: 'done',
    runs: 1,
    items: 4,
    items_now: itemsNow,
    amounts: [{ asset: 'BTC', amount: '0.0004' }],
    started_at: `${date}T01:00:00Z`,
    finished_at: `${date}T01:00:02Z`,
    error: '',
  };
}

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => {
  Toast.clear();
  Dialog.clear();
});

describe('admin mining jobs', () => {
  it('runs the daily mining income for a chosen date after confirming, and lists the run', async () => {
    const runs: ReturnType<typeof jobRun>[] = [];
    const api = scriptedApi({
      'Admin/packagelist': { list: [] },
      'Admin/jobruns': () => ({ list: runs, page: 1, pagesize: 10, total: runs.length }),
      'Admin/runjob': (b: Body) => {
        const run = jobRun(String(b.date), 4);
        runs.unshift(run);
        return run;
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/mining');
    fireEvent.click(await screen.findByTestId('admin-mining-tab-jobs'));
    expect(inputOf('run-job-date').value).toBe(utcDate());
    fireEvent.change(inputOf('run-job-date'), { target: { value: '2030-01-05' } });
    fireEvent.click(screen.getByTestId('run-job'));
    await confirmDialogWith('2030-01-05');

    expect((await screen.findByTestId('run-job-result-items')).textContent).toBe(
      'Settled: 4 · by this run: 4',
    );
    expect(api.bodiesOf('Admin/runjob')).toEqual([{ job: 'mining_income', date: '2030-01-05' }]);
    expect((await screen.findByTestId('job-run-mining_income-2030-01-05-status')).textContent).toBe('Done');
    expect(screen.getByTestId('job-run-mining_income-2030-01-05-amount-BTC').textContent).toBe('0.0004 BTC');
  });
});
