import { Outlet } from 'react-router';
import { BackToTop } from '../components/BackToTop.tsx';
import { GlobalLoading } from '../components/GlobalLoading.tsx';
import { TabBar, useHasTabBar } from './TabBar.tsx';
import { StatusBars } from './pwa/StatusBars.tsx';

/** The phone-width column every page renders in: page, tab bar, global loading, back-to-top, offline and update bars. */
export function AppShell() {
  const hasTabBar = useHasTabBar();
  return (
    <div className={hasTabBar ? 'app-column with-tabbar' : 'app-column'}>
      <Outlet />
      <TabBar />
      <BackToTop />
      <GlobalLoading />
      <StatusBars />
    </div>
  );
}
