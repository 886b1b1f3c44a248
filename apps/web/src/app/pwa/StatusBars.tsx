import { useHasTabBar } from '../TabBar.tsx';
import { UpdateCheck } from '../UpdateCheck.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import './pwa.css';

/** The app's status bars at the bottom of the column (above the tab bar): offline, and an update to take. */
export function StatusBars() {
  const hasTabBar = useHasTabBar();
  return (
    <div className={hasTabBar ? 'pwa-bars above-tabbar' : 'pwa-bars'} aria-live="polite">
      <OfflineBanner />
      <UpdateCheck />
    </div>
  );
}
