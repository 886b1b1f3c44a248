/**
 * `node --import tsx build/render-templates.ts <routes JSON> <__APP_VERSION__ JSON>`: renders the prerendered
 * routes (prerender.ts) with the app's real components through Vite's SSR loader, and prints the templates of
 * index.html and the contract's languages as JSON.
 */
import path from 'node:path';
import { createServer } from 'vite';
import { iconsPlugin } from './icons.ts';
import type { BootRoute } from './boot-script.ts';

type Entry = typeof import('./prerender-entry.tsx');
/**
 * One page's markup as a text template: a `<script type="text/template">`, whose content the HTML parser only scans
 * as text (a `<template>`'s content is parsed into elements, nine pages of them, while only one is shown); the boot
 * script makes markup of the one it picks. Markup holding a script tag would end or confuse the script's text.
 */
function textTemplate(id: string, html: string): string {
  if (/<\/?script/i.test(html)) throw new Error(`prerender: ${id} holds a script tag`);
  return `<script type="text/template" id="${id}">${html}</script>`;
}

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
      templates.push(textTemplate(`prerender-${route.name}-${lang}`, html));
    }
  }
  templates.push(textTemplate('prerender-shell', await entry.renderShell()));
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
