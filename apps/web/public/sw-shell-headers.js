// Loaded by the service worker (dist/sw.js, importScripts: see build/pwa.ts); plain script, not bundled.
//
// The precached shell (index.html) is served with the headers it had when the worker installed, its content
// security policy among them. That policy follows the server's settings (MAP_TILE_URL joins img-src, the public
// chain node connect-src), which an operator may change without a new build, so without a new worker. After each
// navigation the worker therefore asks the server for index.html again (revalidated: usually a 304) and, when it is
// the same build with another policy, puts it in the cache in place of the old one: the next load has the new policy.
// Another build is left alone: it arrives as a new worker, through the member's update prompt.

const SHELL_URL = new URL('index.html', self.registration.scope);

self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.waitUntil(refreshShellHeaders().catch(() => undefined));
});

async function refreshShellHeaders() {
  const fresh = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (!fresh.ok) return;
  const found = await cachedShell();
  if (!found) return;
  const policy = (response) => response.headers.get('content-security-policy');
  if (policy(found.response) === policy(fresh)) return;
  if ((await found.response.text()) !== (await fresh.clone().text())) return;
  await found.cache.put(found.request, fresh);
}

/** The shell in Workbox's precache (its key carries the build's revision as a query). */
async function cachedShell() {
  for (const name of await caches.keys()) {
    if (!name.startsWith('workbox-precache')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname !== SHELL_URL.pathname) continue;
      const response = await cache.match(request);
      if (response) return { cache, request, response };
    }
  }
  return undefined;
}
