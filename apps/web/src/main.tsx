import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setUpAntdRender } from './lib/antdRender.ts';
import { loadLanguage, storedLanguage } from './lib/i18n.ts';
import { App } from './app/App.tsx';
import { BUILT_PAGES } from './app/pages.ts';
import { currentPath, HOME_PATH } from './lib/navigation.ts';
import { startPwa } from './app/pwa/start.ts';
import './app/app.css';

setUpAntdRender();
startPwa();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The first page's code is fetched alongside the texts rather than after them (the route renders it later;
// the browser loads each chunk once).
const first = currentPath();
void BUILT_PAGES[first === '/' || first === '/pages/main' ? HOME_PATH : first]?.load().catch(() => {});
/**
 * index.html's boot script painted a prerendered page (build/prerender.ts) and named it: an entry route in the
 * stored language and session is what the app renders first, so React hydrates it, in a transition (time-sliced:
 * no long task) with the page's own Suspense boundary keeping the painted HTML until the page's chunk is in. The
 * generic frame of the other routes is rendered over.
 */
function start(root: HTMLElement): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A link followed before the app ran (the hash changed) leaves a page painted that the app does not render first.
  const painted = root.dataset.prerendered !== 'shell' && root.dataset.path === currentPath();
  if (painted) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

// The first screen waits for its language's texts (a small chunk), so it never shows a text key.
void loadLanguage(storedLanguage()).finally(() => start(container));
