import type { Language } from '@mp/contract';
import bmAdmin from './bm-MY/admin.json';
import bmAuth from './bm-MY/auth.json';
import bmBonus from './bm-MY/bonus.json';
import bmCommon from './bm-MY/common.json';
import bmHome from './bm-MY/home.json';
import bmKyc from './bm-MY/kyc.json';
import bmMining from './bm-MY/mining.json';
import bmNetwork from './bm-MY/network.json';
import bmPersonal from './bm-MY/personal.json';
import bmRoutes from './bm-MY/routes.json';
import bmSecurity from './bm-MY/security.json';
import bmWallet from './bm-MY/wallet.json';
import bmWithdraw from './bm-MY/withdraw.json';
import enAdmin from './en-US/admin.json';
import enAuth from './en-US/auth.json';
import enBonus from './en-US/bonus.json';
import enCommon from './en-US/common.json';
import enHome from './en-US/home.json';
import enKyc from './en-US/kyc.json';
import enMining from './en-US/mining.json';
import enNetwork from './en-US/network.json';
import enPersonal from './en-US/personal.json';
import enRoutes from './en-US/routes.json';
import enSecurity from './en-US/security.json';
import enWallet from './en-US/wallet.json';
import enWithdraw from './en-US/withdraw.json';
import zhAdmin from './zh-CN/admin.json';
import zhAuth from './zh-CN/auth.json';
import zhBonus from './zh-CN/bonus.json';
import zhCommon from './zh-CN/common.json';
import zhHome from './zh-CN/home.json';
import zhKyc from './zh-CN/kyc.json';
import zhMining from './zh-CN/mining.json';
import zhNetwork from './zh-CN/network.json';
import zhPersonal from './zh-CN/personal.json';
import zhRoutes from './zh-CN/routes.json';
import zhSecurity from './zh-CN/security.json';
import zhWallet from './zh-CN/wallet.json';
import zhWithdraw from './zh-CN/withdraw.json';

/** One namespace per feature; `common` holds the shell's and the shared components' texts. */
export const NAMESPACES = [
  'common',
  'routes',
  'auth',
  'home',
  'personal',
  'wallet',
  'withdraw',
  'bonus',
  'admin',
  'security',
  'kyc',
  'mining',
  'network',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Resources = Record<Namespace, Record<string, unknown>>;

export const resources: Record<Language, Resources> = {
  'en-US': {
    common: enCommon,
    routes: enRoutes,
    auth: enAuth,
    home: enHome,
    personal: enPersonal,
    wallet: enWallet,
    withdraw: enWithdraw,
    bonus: enBonus,
    admin: enAdmin,
    security: enSecurity,
    kyc: enKyc,
    mining: enMining,
    network: enNetwork,
  },
  'zh-CN': {
    common: zhCommon,
    routes: zhRoutes,
    auth: zhAuth,
    home: zhHome,
    personal: zhPersonal,
    wallet: zhWallet,
    withdraw: zhWithdraw,
    bonus: zhBonus,
    admin: zhAdmin,
    security: zhSecurity,
    kyc: zhKyc,
    mining: zhMining,
    network: zhNetwork,
  },
  'bm-MY': {
    common: bmCommon,
    routes: bmRoutes,
    auth: bmAuth,
    home: bmHome,
    personal: bmPersonal,
    wallet: bmWallet,
    withdraw: bmWithdraw,
    bonus: bmBonus,
    admin: bmAdmin,
    security: bmSecurity,
    kyc: bmKyc,
    mining: bmMining,
    network: bmNetwork,
  },
};
