import { SpinLoading } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingRequests, subscribeLoading } from '../lib/loading.ts';

// The prerendered HTML has no request in flight: hydration starts from none, then follows the count.
const noneInFlight = () => 0;

/** One indicator for every API request in flight (the home-coin call excepted, see lib/api.ts). */
export function GlobalLoading() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(subscribeLoading, pendingRequests, noneInFlight);
  if (pending === 0) return null;
  return (
    <div className="global-loading" data-testid="global-loading" role="status" aria-label={t('loading')}>
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
    </div>
  );
}
