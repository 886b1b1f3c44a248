/**
 * `node --import tsx build/render-templates.ts <routes JSON> <__APP_VERSION__ JSON>`: renders the prerendered
 * routes (prerender.ts) with the app's real components through Vite's SSR loader, and prints the <template>s of
 * index.html and the contract's languages as JSON.
 */
import path from 'node:path';
import { createServer } from 'vite';
import { iconsPlugin } from './icons.ts';
import type { BootRoute } from './boot-script.ts';

type Entry = typeof import('./prerender-entry.tsx');
/** The templates, and the languages from the contract (the config's loader cannot import the workspace's TS). */
export type Rendered = { templates: string[]; languages: readonly string[]; defaultLanguage: string };

async function renderTemplates(entry: Entry, routes: BootRoute[]): Promise<Rendered> {
  const templates: string[] = [];
  for (const lang of entry.LANGUAGES) {
    for (const route of routes) {
      const html = await entry.renderRoute(route.path, lang, route.auth);
      // A public route other than login looks the same with a session or without (one template serves both).
      if (!route.auth && route.name !== 'login' && html !== (await entry.renderRoute(route.path, lang, true)))
        throw new Error(`prerender: ${route.name} renders differently with a session`);
      templates.push(`<template id="prerender-${route.name}-${lang}">${html}</template>`);
    }
  }
  templates.push(`<template id="prerender-shell">${await entry.renderShell()}</template>`);
  return { templates, languages: entry.LANGUAGES, defaultLanguage: entry.DEFAULT_LANGUAGE };
}

async function main(routes: BootRoute[], appVersion: string): Promise<void> {
  const server = await createServer({
    configFile: false,
    root: path.resolve(import.meta.dirname, '..'),
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [iconsPlugin()],
    define: { __APP_VERSION__: appVersion },
    // Their modules import CSS, which Node cannot load: Vite reads them (and drops the CSS) instead.
    ssr: { noExternal: ['antd-mobile', 'antd-mobile-icons'] },
  });
  try {
    const entry = (await server.ssrLoadModule('/build/prerender-entry.tsx')) as Entry;
    process.stdout.write(JSON.stringify(await renderTemplates(entry, routes)));
  } finally {
    await server.close();
  }
}

await main(JSON.parse(process.argv[2] ?? '[]') as BootRoute[], process.argv[3] ?? '""');
