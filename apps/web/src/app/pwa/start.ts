import { followLanguageInManifest } from './manifestLanguage.ts';
import { registerServiceWorker } from './register.ts';

/**
 * The installable app's start: the manifest in the member's language, and the service worker, registered once
 * the page has loaded so that its precaching never competes with the first screen. Only built apps have one
 * (the dev server serves no sw.js).
 */
export function startPwa(): void {
  followLanguageInManifest();
  if (!import.meta.env.PROD) return;
  // Without a worker the app works as before, online only: nothing to tell the member.
  const register = () => void registerServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
