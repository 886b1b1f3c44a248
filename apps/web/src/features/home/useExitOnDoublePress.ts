import { EXIT_DOUBLE_PRESS_MS } from '@mp/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/feedback.ts';
import { currentPath, HOME_PATH } from '../../lib/navigation.ts';

const GUARD = 'exitGuard';

function isGuard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && GUARD in state;
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
    const onPop = (event: PopStateEvent) => {
      // Only a back press that lands on the home page itself counts (not a link or typed URL elsewhere).
      if (leaving || isGuard(event.state) || currentPath() !== HOME_PATH) return;
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
    return () => window.removeEventListener('popstate', onPop);
  }, [t]);
}
