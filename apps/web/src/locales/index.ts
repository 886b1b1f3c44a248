import type { Language } from '@mp/contract';
import bmAuth from './bm-MY/auth.json';
import bmCommon from './bm-MY/common.json';
import bmHome from './bm-MY/home.json';
import bmPersonal from './bm-MY/personal.json';
import bmRoutes from './bm-MY/routes.json';
import enAuth from './en-US/auth.json';
import enCommon from './en-US/common.json';
import enHome from './en-US/home.json';
import enPersonal from './en-US/personal.json';
import enRoutes from './en-US/routes.json';
import zhAuth from './zh-CN/auth.json';
import zhCommon from './zh-CN/common.json';
import zhHome from './zh-CN/home.json';
import zhPersonal from './zh-CN/personal.json';
import zhRoutes from './zh-CN/routes.json';

/** One namespace per feature; `common` holds the shell's and the shared components' texts. */
export const NAMESPACES = ['common', 'routes', 'auth', 'home', 'personal'] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Resources = Record<Namespace, Record<string, unknown>>;

export const resources: Record<Language, Resources> = {
  'en-US': { common: enCommon, routes: enRoutes, auth: enAuth, home: enHome, personal: enPersonal },
  'zh-CN': { common: zhCommon, routes: zhRoutes, auth: zhAuth, home: zhHome, personal: zhPersonal },
  'bm-MY': { common: bmCommon, routes: bmRoutes, auth: bmAuth, home: bmHome, personal: bmPersonal },
};
