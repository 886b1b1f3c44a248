import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { type AuditFilter, fetchAudit, securityKeys } from '../security-api.ts';
import '../admin.css';

/** A timestamp as the server writes it (ISO 8601 in UTC). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/**
 * An audit row's details as `key: value` pairs: values as the action recorded them (amounts with every digit), but
 * a timestamp in the app's date and time, not the server's UTC text.
 */
function detailsText(json: string): string {
  try {
    const details = JSON.parse(json) as Record<string, unknown>;
    const shown = (v: unknown) =>
      typeof v !== 'string' ? JSON.stringify(v) : TIMESTAMP.test(v) ? formatDateTime(v) : v;
    return Object.entries(details)
      .map(([k, v]) => `${k}: ${shown(v)}`)
      .join(', ');
  } catch {
    return json;
  }
}

/** The audit log: who did what to what and when, filtered by actor, action, target and dates, newest first. */
export default function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const typed = useDebounced(JSON.stringify([actor.trim(), action.trim(), target.trim()]), 400);
  const [a, b, c] = JSON.parse(typed) as [string, string, string];
  const filter: AuditFilter = {
    ...(a ? { actor: a } : {}),
    ...(b ? { action: b } : {}),
    ...(c ? { target: c } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const text = (id: string, label: string, value: string, set: (v: string) => void) => (
    <Input
      id={id}
      data-testid={id}
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={set}
      clearable
    />
  );
  return (
    <PageLayout title={t('routes:/pages/admin/audit')} testId="admin-audit-page">
      <div className="admin-filters">
        {text('audit-actor', t('audit.actor'), actor, setActor)}
        {text('audit-action', t('audit.action'), action, setAction)}
        {text('audit-target', t('audit.target'), target, setTarget)}
        <DateRangeFilter
          idPrefix="audit"
          labels={{ from: t('audit.from'), to: t('audit.to') }}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
        />
      </div>
      <PagedList
        key={JSON.stringify(filter)}
        queryKey={securityKeys.audit(filter)}
        fetchPage={(page, pagesize) => fetchAudit(filter, page, pagesize)}
        itemKey={(e) => e.id}
        renderItem={(e) => (
          <article className="audit-row" data-testid={`audit-row-${e.id}`}>
            <p>
              <strong data-testid={`audit-action-${e.id}`}>{e.action}</strong> · {e.target}
            </p>
            <p className="field-hint">
              {t('audit.by', { actor: e.actor || t('audit.system'), at: formatDateTime(e.created_at) })}
            </p>
            {e.details !== '{}' ? (
              <p className="audit-details" data-exact data-testid={`audit-details-${e.id}`}>
                {detailsText(e.details)}
              </p>
            ) : null}
          </article>
        )}
        empty={<EmptyBlock text={t('audit.empty')} testId="audit-empty" />}
        testId="audit-list"
      />
    </PageLayout>
  );
}
