import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Chunks not worth downloading for every member at install: too big for a path few take, the PDF viewer (pdf.js
 * and its worker, ~1.6 MB), the address map (Leaflet and the world atlas, 260 KB) and the market's candle chart
 * (175 KB); and the admin area's pages, which members never open (their shared modules and texts stay in).
 * They are cached the first time someone opens them instead (the 'lazy-assets' cache below), so they work
 * offline from then on.
 */
const NOT_PRECACHED = ['assets/pdf*', 'assets/location-*', 'assets/lightweight-charts*', 'assets/Admin*'];

/**
 * The service worker (Workbox, generated at build time as dist/sw.js). It precaches the shell (index.html), every
 * route's chunks, CSS, texts and pictures, so a repeat visit paints from the cache and the app opens offline.
 * It registers no route for the API (nor /media/, /metrics or /healthz): those requests go to the network untouched, so
 * money figures are never answered from a cache. A new version waits until the member accepts the update prompt
 * (registerType 'prompt': no reload under a member typing a payment). The page registers it itself
 * (src/app/pwa/register.ts), and the manifests are files in public/ (one per language), hence no injection here.
 */
export function serviceWorkerPlugin(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{html,js,mjs,css,svg,png,webp}'],
      globIgnores: ['.vite/**', 'sw-shell-headers.js', ...NOT_PRECACHED],
      // Keeps the cached shell's content security policy in step with the server's settings (see that file).
      importScripts: ['sw-shell-headers.js'],
      // One file: no workbox-<hash>.js beside it to serve and keep in step.
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      // Hash routing: every navigation is the shell. Server paths that a link may open stay the server's.
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/metrics/, /^\/healthz/, /^\/readyz/],
      runtimeCaching: [
        {
          // Built files carry their content hash, so a cached copy is never stale.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/[^/]+$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'lazy-assets',
            expiration: { maxEntries: 30, purgeOnQuotaError: true },
          },
        },
      ],
    },
  });
}
