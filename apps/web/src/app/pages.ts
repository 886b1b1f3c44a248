import type { PageLoader } from './lazyPage.tsx';

export type BuiltPage = { load: PageLoader; auth?: boolean };

/** The spec routes built so far; every other spec route shows the shared "coming soon" page. */
export const BUILT_PAGES: Record<string, BuiltPage> = {
  '/pages/home/home': { load: () => import('../features/home/pages/HomePage.tsx') },
  '/pages/login/login': { load: () => import('../features/auth/pages/LoginPage.tsx') },
  '/pages/register/register': { load: () => import('../features/auth/pages/RegisterPage.tsx') },
  '/pages/forgotpassword/forgotpassword': {
    load: () => import('../features/auth/pages/ForgotPasswordPage.tsx'),
  },
  '/pages/personal/personal': { load: () => import('../features/personal/pages/MePage.tsx'), auth: true },
  '/pages/personal/profile': { load: () => import('../features/personal/pages/ProfilePage.tsx'), auth: true },
  '/pages/personal/AccountSetting': {
    load: () => import('../features/personal/pages/AccountSettingPage.tsx'),
    auth: true,
  },
  '/pages/personal/LoginPassword': {
    load: () => import('../features/personal/pages/LoginPasswordPage.tsx'),
    auth: true,
  },
  '/pages/personal/TransactionPassword': {
    load: () => import('../features/personal/pages/TransactionPasswordPage.tsx'),
    auth: true,
  },
  '/pages/personal/lang': { load: () => import('../features/personal/pages/LanguagePage.tsx') },
  '/pages/personal/AboutUs': { load: () => import('../features/personal/pages/AboutUsPage.tsx') },
};
