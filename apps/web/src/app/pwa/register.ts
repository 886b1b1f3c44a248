import { offerUpdate } from './status.ts';

/** How often an open app asks for a new service worker (besides each return to the tab and check_version). */
const CHECK_EVERY_MS = 30 * 60_000;

/**
 * Registers the service worker (dist/sw.js, built by build/pwa.ts) and offers its next versions to the member.
 * The plain platform API is enough for this: a new worker that has installed while another controls the page is
 * waiting, and that is when the prompt shows.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('./sw.js', { scope: './' });
  watchForNewVersions(registration);
  // An installed app can stay open for days: look again when the member comes back to it, and now and then.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
  setInterval(() => void checkForUpdate(), CHECK_EVERY_MS);
}

function watchForNewVersions(registration: ServiceWorkerRegistration): void {
  // A version may already wait (found at this navigation, or left waiting by a member who chose "Later").
  if (registration.waiting) offerWhenWaiting(registration.waiting);
  if (registration.installing) offerWhenWaiting(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) offerWhenWaiting(registration.installing);
  });
}

/** Offers a worker once it has installed, if another controls the page (the very first install is no update). */
function offerWhenWaiting(worker: ServiceWorker): void {
  const offer = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller)
      offerUpdate(() => switchTo(worker));
  };
  offer();
  worker.addEventListener('statechange', offer);
}

/** The member accepted: the waiting worker takes over (its SKIP_WAITING message, Workbox's), then the page reloads. */
function switchTo(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Asks the server for a newer service worker (sw.js is served no-cache, so this is one revalidated request).
 * True when one was found: it installs, then the prompt shows. False without a worker controlling the page
 * (development, an old browser, a first visit: nothing to update from) or when the server has nothing newer.
 */
export async function checkForUpdate(): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration || !navigator.serviceWorker.controller) return false;
  await registration.update().catch(() => undefined);
  return Boolean(registration.installing ?? registration.waiting);
}
