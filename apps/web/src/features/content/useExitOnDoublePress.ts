import { EXIT_DOUBLE_PRESS_MS } from '@mp/contract/web';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/feedback.ts';
import { currentPath, HOME_PATH } from '../../lib/navigation.ts';

const GUARD = 'exitGuard';

function isGuard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && GUARD in state;
}

type NavigateEvent = Event & { navigationType?: string };
type NavigationLike = EventTarget;

/** The Navigation API (Chromium, WebViews) tells a back/forward press ('traverse') from a typed URL or a link. */
function navigationApi(): NavigationLike | undefined {
  return (window as unknown as { navigation?: NavigationLike }).navigation;
}

/**
 * The spec's exit-on-double-press, for a browser: on the home page one extra history entry guards the
 * back button. The first back lands on it and shows "Press again to exit" (the guard is put back); a
 * second back within 2 s is let through, so the browser leaves the app (to the previous site, or closes
 * an installed web app / WebView that has nothing before it). A page cannot close a normal browser tab.
 */
export function useExitOnDoublePress(): void {
  const { t } = useTranslation('home');
  useEffect(() => {
    const { history } = window;
    if (!isGuard(history.state))
      history.pushState({ ...history.state, [GUARD]: true }, '', window.location.href);
    let lastPress = 0;
    let leaving = false;
    // What the latest navigation was; a popstate also follows a URL typed or opened with only its hash changed.
    let lastType = 'traverse';
    const navigation = navigationApi();
    const onNavigate = (event: NavigateEvent) => {
      lastType = event.navigationType ?? 'traverse';
    };
    navigation?.addEventListener('navigate', onNavigate);
    const onPop = (event: PopStateEvent) => {
      // Only a back press that lands on the home page itself counts (not a link or a typed URL).
      if (leaving || isGuard(event.state) || currentPath() !== HOME_PATH) return;
      if (lastType !== 'traverse') return;
      const now = Date.now();
      if (now - lastPress <= EXIT_DOUBLE_PRESS_MS) {
        leaving = true;
        history.back();
        return;
      }
      lastPress = now;
      showToast(t('exitPressAgain'));
      history.pushState({ ...history.state, [GUARD]: true }, '', window.location.href);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [t]);
}
