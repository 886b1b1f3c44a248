import { TAB_SETS } from '@mp/contract/web';
import type { TabSetName } from '@mp/contract';

export type TabKey = (typeof TAB_SETS)[TabSetName][number];

/** Where each tab leads: the spec's tab pages, and for the six-tab reading the closest spec routes. */
export const TAB_PATHS: Record<TabKey, string> = {
  home: '/pages/home/home',
  shop: '/pages/shop/shop',
  wallet: '/pages/Wallet/Wallet',
  me: '/pages/personal/personal',
  mining: '/pages/Mining/AssetIncome',
  market: '/pages/home/Trade',
  defi: '/pages/trade/trademain',
};

export function tabsOf(set: TabSetName | undefined): readonly TabKey[] {
  return TAB_SETS[set ?? 'four'];
}

export function tabAt(set: TabSetName | undefined, path: string): TabKey | undefined {
  const lower = path.toLowerCase();
  return tabsOf(set).find((tab) => TAB_PATHS[tab].toLowerCase() === lower);
}
