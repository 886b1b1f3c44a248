import { useTranslation } from 'react-i18next';
import { useOnline } from './status.ts';

/**
 * Shown while the browser has no network: the app still opens from the service worker's cache, and its screens
 * show their usual "could not load" states (no figure is ever answered from a cache), this says why.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <div className="pwa-bar pwa-offline" data-testid="offline-banner">
      {t('offline.banner')}
    </div>
  );
}
