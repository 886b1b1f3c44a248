import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { EmptyBlock } from '../../../components/PageStates.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/useDebounced.ts';
import {
  fetchSecurityEventsPage,
  SECURITY_EVENT_FILTER_KINDS,
  type SecurityEvent,
  type SecurityEventFilter,
  securityEventKeys,
} from '../adminApi.ts';
import '../../admin/admin.css';
import '../admin-security.css';

/** Lockouts of second factors and security changes of members (Admin/securityevents), newest first, filtered. */
export default function AdminSecurityEventsPage() {
  const { t } = useTranslation('admin');
  const [userid, setUserid] = useState('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const member = useDebounced(userid.trim(), 400);
  const filter: SecurityEventFilter = {
    ...(member ? { userid: member } : {}),
    ...(kind ? { kind } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const kindLabel = (k: string) => t(`adminView.kinds.${k}`, { defaultValue: k });

  return (
    <PageLayout title={t('routes:/pages/admin/security')} testId="admin-security-page">
      <div className="admin-filters">
        <Input
          id="security-filter-userid"
          data-testid="security-filter-userid"
          placeholder={t('adminView.member')}
          aria-label={t('adminView.member')}
          value={userid}
          onChange={setUserid}
          clearable
        />
        <label htmlFor="security-filter-kind">
          {t('adminView.kind')}
          <select
            id="security-filter-kind"
            data-testid="security-filter-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
          >
            <option value="">{t('adminView.allKinds')}</option>
            {SECURITY_EVENT_FILTER_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          idPrefix="security-filter"
          labels={{ from: t('adminView.from'), to: t('adminView.to') }}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
        />
      </div>
      <PagedList<SecurityEvent>
        key={JSON.stringify(filter)}
        queryKey={securityEventKeys.list(filter)}
        fetchPage={(page, pagesize) => fetchSecurityEventsPage(filter, page, pagesize)}
        itemKey={(e) => e.id}
        testId="security-event-list"
        empty={<EmptyBlock text={t('adminView.empty')} testId="security-events-empty" />}
        renderItem={(e) => (
          <article className="security-event" data-testid={`security-event-${e.id}`} data-kind={e.kind}>
            <header>
              <strong>{e.userid || '—'}</strong> <span>{kindLabel(e.kind)}</span>
            </header>
            <div>
              {t('adminView.at')}
              {t('common:colon')}
              {formatDateTime(e.at)}
            </div>
            {e.until ? (
              <div data-testid="security-event-until">
                {t('adminView.until')}
                {t('common:colon')}
                {formatDateTime(e.until)}
              </div>
            ) : null}
            {e.ip ? (
              <div>
                {t('adminView.ip')}
                {t('common:colon')}
                {e.ip}
              </div>
            ) : null}
            {Object.keys(e.details).some((k) => k !== 'hold') ? (
              <div className="security-event-details">
                {t('adminView.details')}
                {t('common:colon')}
                {Object.entries(e.details)
                  .filter(([k]) => k !== 'hold')
                  .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                  .join(', ')}
              </div>
            ) : null}
            {e.details.hold === false ? (
              <div className="security-event-details" data-testid="security-event-no-hold">
                {t('adminView.noHold')}
              </div>
            ) : null}
          </article>
        )}
      />
    </PageLayout>
  );
}
