import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadNamespace, setLanguage } from '../lib/i18n.ts';
import { type JobRun, JobRunSummary } from './DailyJobRunner.tsx';

const run = (job: string, amounts: JobRun['amounts']): JobRun =>
  ({
    job,
    date: '2026-11-26',
    status: 'done',
    runs: 1,
    items: 17,
    items_now: 17,
    amounts,
    started_at: '2026-11-26T00:00:05.000Z',
    finished_at: '2026-11-26T00:00:09.000Z',
    error: '',
  }) as JobRun;

beforeEach(async () => {
  await setLanguage('en-US');
  // The admin texts are a page namespace, loaded by the admin pages that show these summaries.
  await loadNamespace('admin');
});

describe("a daily job run's summary", () => {
  it('shows what retention purged, kind by kind, as counts and not as money', () => {
    render(
      <JobRunSummary
        run={run('retention', [
          { asset: 'sessions', amount: '12' },
          { asset: 'kyc_pictures', amount: '5' },
        ])}
        testId="r"
      />,
    );
    expect(screen.getByTestId('r').textContent).toContain('Retention');
    expect(screen.getByTestId('r-purged').textContent).toBe('Purgedsessions 12 · KYC pictures 5');
    expect(screen.queryByText('Paid')).toBeNull();
  });

  it('names the kinds in the admin’s language', async () => {
    await setLanguage('zh-CN');
    render(<JobRunSummary run={run('retention', [{ asset: 'codes', amount: '3' }])} testId="r" />);
    expect(screen.getByTestId('r-purged').textContent).toBe('已清理验证码 3');
  });
});
