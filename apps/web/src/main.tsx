import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentPath } from './lib/navigation.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * index.html's boot script painted a prerendered page (build/prerender.ts) and named it: an entry route in the
 * stored language and session is what the app renders first, so React hydrates it, in a transition (time-sliced:
 * no long task) with the page's own Suspense boundary keeping the painted HTML until the page's chunk is in. The
 * generic frame of the other routes is rendered over.
 */
function start(root: HTMLElement, App: ComponentType): void {
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

/**
 * The entry holds React DOM and nothing of the app: the app (its router, query cache, i18n, antd-mobile's parts and
 * route table) is a chunk of its own, preloaded alongside it (build/prerender.ts), so that evaluating the two is two
 * tasks rather than one of about 190 ms at a phone's speed (issue 30's blocking time).
 */
void import('./app/start.tsx').then(async ({ App, prepareApp }) => {
  await prepareApp();
  start(container, App);
});
