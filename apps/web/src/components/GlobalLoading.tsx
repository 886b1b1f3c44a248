import { SpinLoading } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingRequests, subscribeLoading } from '../lib/loading.ts';

/** One indicator for every API request in flight (the home-coin call excepted, see lib/api.ts). */
export function GlobalLoading() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(subscribeLoading, pendingRequests);
  if (pending === 0) return null;
  return (
    <div className="global-loading" data-testid="global-loading" role="status" aria-label={t('loading')}>
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
    </div>
  );
}
