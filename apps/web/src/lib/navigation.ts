/** Lets code outside React (the API client) navigate through the app's router once it exists. */
export const LOGIN_PATH = '/pages/login/login';
export const HOME_PATH = '/pages/home/home';
/** Set once the first-run intro was seen (features/content/pages/IntroPage.tsx). */
export const INTRO_SEEN_KEY = 'mp.introSeen';

type Navigate = (path: string, options?: { replace?: boolean }) => void;
let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

/** The path part of the hash route, e.g. '/pages/login/login' for '#/pages/login/login?x=1'. */
export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}

export function goToLogin(): void {
  if (currentPath() === LOGIN_PATH) return;
  if (navigateImpl) navigateImpl(LOGIN_PATH, { replace: true });
  else window.location.hash = `#${LOGIN_PATH}`;
}
