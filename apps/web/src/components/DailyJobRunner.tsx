import { adminRunJob } from '@mp/contract/web';
import type { DAILY_JOBS, jobRunSchema } from '@mp/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../lib/api.ts';
import { confirmDialog, showToast } from '../lib/feedback.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { formatMoney } from '../lib/money.ts';
import { showFieldErrors } from '../lib/validate.ts';
import { Money } from './Money.tsx';

export type DailyJob = (typeof DAILY_JOBS)[number];
export type JobRun = z.infer<typeof jobRunSchema>;

const STATUS_CLASS: Record<JobRun['status'], string> = {
  running: 'status-pending',
  done: 'status-approved',
  failed: 'status-rejected',
};
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The UTC calendar date `days` from today ('YYYY-MM-DD'): the daily jobs settle UTC days. */
export function utcDate(days = 0, now = Date.now()): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

/** One run of a daily job: its date, state, what it settled (in total and by this run) and the amounts paid. */
export function JobRunSummary({ run, testId }: { run: JobRun; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <article className="record-row" data-testid={testId} data-status={run.status}>
      <div className="record-main">
        <span>
          {t(`jobs.names.${run.job}`, { defaultValue: run.job })} · {formatDate(run.date)}
        </span>
        <span className={STATUS_CLASS[run.status]} data-testid={`${testId}-status`}>
          {t(`jobs.status.${run.status}`)}
        </span>
      </div>
      <div className="record-sub">
        <span data-testid={`${testId}-items`}>
          {t('jobs.settled', { count: run.items })} · {t('jobs.settledNow', { count: run.items_now })}
        </span>
        <span>{t('jobs.runs', { count: run.runs })}</span>
      </div>
      {run.job === 'retention' && run.amounts.length > 0 ? (
        // Retention counts the rows it purged per kind, not money.
        <div className="record-sub" data-testid={`${testId}-purged`}>
          <span>{t('jobs.purged')}</span>
          <span>
            {run.amounts
              .map(
                (a) =>
                  `${t(`jobs.kinds.${a.asset}`, { defaultValue: a.asset })} ${formatMoney(a.amount, { decimals: 0 })}`,
              )
              .join(' · ')}
          </span>
        </div>
      ) : run.amounts.length > 0 ? (
        <div className="record-sub">
          <span>{t('jobs.paid')}</span>
          <span>
            {run.amounts.map((a, i) => (
              <span key={a.asset}>
                {i > 0 ? ' · ' : null}
                <Money value={a.amount} asset={a.asset} testId={`${testId}-amount-${a.asset}`} />
              </span>
            ))}
          </span>
        </div>
      ) : null}
      <div className="record-sub">
        <span>{formatDateTime(run.finished_at || run.started_at)}</span>
      </div>
      {run.error ? (
        <div className="record-sub field-error" data-testid={`${testId}-error`}>
          {run.error}
        </div>
      ) : null}
    </article>
  );
}

type Props = {
  job: DailyJob;
  /** The date the form starts with ('YYYY-MM-DD'). */
  defaultDate: string;
  /** The form is `<testId>-form`, the date `<testId>-date`, the button `<testId>`, the outcome `<testId>-result`. */
  testId: string;
  onDone?: (run: JobRun) => void;
};

/**
 * Runs (or re-runs) a daily job for a date after a confirmation, and shows what the run did. The server
 * settles each item once, so running a date again only pays what is still due.
 */
export function DailyJobRunner({ job, defaultDate, testId, onDone }: Props) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ date: string }>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<JobRun | null>(null);

  const run = async ({ date }: { date: string }) => {
    if (!(await confirmDialog(t(`jobs.confirm.${job}`, { date })))) return;
    setBusy(true);
    try {
      const done = await api(adminRunJob, { job, date });
      setResult(done);
      showToast(t('jobs.done', { count: done.items_now }));
      onDone?.(done);
    } catch (error) {
      // The API client has shown the refusal; a date it names is marked on the field.
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid={`${testId}-section`}>
      <Form
        form={form}
        initialValues={{ date: defaultDate }}
        onFinish={(v) => void run(v)}
        data-testid={`${testId}-form`}
        footer={
          <Button block type="submit" color="primary" loading={busy} data-testid={testId}>
            {t(`jobs.run.${job}`)}
          </Button>
        }
      >
        <Form.Item
          name="date"
          label={t('jobs.date')}
          description={<span className="field-hint">{t('jobs.dateHelp')}</span>}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value !== 'string' || !DATE_RE.test(value)) throw new Error(t('jobs.dateInvalid'));
              },
            },
          ]}
        >
          <Input id={`${testId}-date`} data-testid={`${testId}-date`} type="date" placeholder="YYYY-MM-DD" />
        </Form.Item>
      </Form>
      {result ? <JobRunSummary run={result} testId={`${testId}-result`} /> : null}
    </section>
  );
}
