import { useQuery } from '@tanstack/react-query';
import { TabBar as AntTabBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { appConfigQuery } from '../features/system/api.ts';
import { TAB_PATHS, type TabKey, tabAt, tabsOf } from './tabs.ts';
import { Icon } from '../components/Icon.tsx';

const ICONS: Record<TabKey, ReactNode> = {
  home: <Icon name="AppOutline" />,
  shop: <Icon name="ShopbagOutline" />,
  wallet: <Icon name="BankcardOutline" />,
  me: <Icon name="UserOutline" />,
  mining: <Icon name="AppstoreOutline" />,
  market: <Icon name="HistogramOutline" />,
  defi: <Icon name="TransportQRcodeOutline" />,
};

/** The bottom tab bar; shown only on the active tab set's pages. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data } = useQuery(appConfigQuery);
  const active = tabAt(data?.tab_set, pathname);
  if (!active) return null;
  return (
    <nav className="app-tabbar" data-testid="tabbar" aria-label={t('tabs.label')}>
      <AntTabBar activeKey={active} onChange={(key) => navigate(TAB_PATHS[key as TabKey])} safeArea>
        {tabsOf(data?.tab_set).map((tab) => (
          <AntTabBar.Item key={tab} icon={ICONS[tab]} title={t(`tabs.${tab}`)} data-testid={`tab-${tab}`} />
        ))}
      </AntTabBar>
    </nav>
  );
}

export function useHasTabBar(): boolean {
  const { pathname } = useLocation();
  const { data } = useQuery(appConfigQuery);
  return tabAt(data?.tab_set, pathname) !== undefined;
}
