import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Manifest, Plugin, ResolvedConfig } from 'vite';
import { BOOT_SCRIPT, type BootRoute, bootData } from './boot-script.ts';
import type { Rendered } from './render-templates.ts';

/**
 * The entry routes painted from the HTML, each with the page module its route loads and whether it needs a session.
 * The boot script preloads the page's chunks and those the page imports lazily (the home page's sliders and
 * packages): they are needed at once, and would otherwise be asked for only once the page has run. `early`: the call
 * the boot script makes for the page (the home page's sliders, whose first picture is its largest element).
 */
const ROUTES: (BootRoute & { module: string })[] = [
  { name: 'login', path: '/pages/login/login', auth: false, module: 'src/features/auth/pages/LoginPage.tsx' },
  {
    name: 'home',
    path: '/pages/home/home',
    auth: false,
    module: 'src/features/content/pages/HomePage.tsx',
    early: 'Main/sliderImgs',
  },
  {
    name: 'wallet',
    path: '/pages/Wallet/Wallet',
    auth: true,
    module: 'src/features/wallet/pages/WalletPage.tsx',
  },
];
const LANGUAGE_MODULE = (lang: string) => `src/locales/${lang}/index.ts`;
/** The app itself, which the entry (React DOM) imports at once, as a chunk evaluated in a task of its own. */
const APP_MODULE = 'src/app/start.tsx';

/** Every file a manifest entry loads before it runs: its own and its static imports', transitively. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

/**
 * The stylesheets of a chunk and its static imports, in the order Vite's preloader adds them (an import's before the
 * importer's own, as the modules' imports run): the app's own rules come after antd-mobile's they override.
 */
function cssInOrder(manifest: Manifest, key: string, seen = new Set<string>(), out: string[] = []): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return out;
  seen.add(key);
  for (const imported of chunk.imports ?? []) cssInOrder(manifest, imported, seen, out);
  for (const css of chunk.css ?? []) if (!out.includes(css)) out.push(css);
  return out;
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('prerender: the manifest has no entry');
  return key;
}

const execFileAsync = promisify(execFile);

/**
 * The app rendered by React's static renderer (render-templates.ts), in a process of its own: inside the build's
 * process, Vite's SSR loader resolved one of antd-mobile's imports to a module object instead of its component.
 */
async function renderAll(root: string, appVersion: string): Promise<Rendered> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'build/render-templates.ts'), JSON.stringify(ROUTES), appVersion],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Rendered;
}

/**
 * The stylesheets the first screen needs, inlined, and their links kept but disabled: a disabled stylesheet is not
 * fetched, and Vite's preloader, which looks for a link to a chunk's CSS before adding one, finds it and adds none.
 */
function inlineStyles(html: string, dir: string, routeCss: string[]): string {
  const linked = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\.\/([^"]+)">/g)].map(
    (m) => m[1] as string,
  );
  const files = [...new Set([...linked, ...routeCss])];
  const css = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const links = files.map((f) => `<link rel="stylesheet" crossorigin href="./${f}" disabled>`).join('\n    ');
  const withoutLinks = html.replace(/\s*<link rel="stylesheet" crossorigin href="[^"]+">/g, '');
  return withoutLinks.replace('</head>', `  <style>${css}</style>\n    ${links}\n  </head>`);
}

/** Takes the entry's module script and modulepreloads out of the head: the boot script adds them after painting. */
function appScripts(html: string): { html: string; app: { entry: string; preload: string[] } } {
  const entry = /\s*<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) throw new Error('prerender: index.html has no entry script');
  const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\.\/([^"]+)">/g)].map(
    (m) => m[1] as string,
  );
  const without = html
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  return { html: without, app: { entry: entry[1], preload } };
}

/**
 * Paints the entry routes before any script (issue 30): the app's own components rendered at build time for each
 * route and language into text templates of index.html, their CSS inlined, and an inline boot script that copies the
 * one the URL's hash, the stored language and the stored session call for into #root (src/main.tsx then hydrates it).
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        // Only the app's build: vite-plugin-pwa builds the service worker with the same plugins.
        if (!('index.html' in bundle)) return;
        const dir = options.dir ?? path.join(config.root, 'dist');
        const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const entryFiles = chunkFiles(manifest, entryKey(manifest));
        // The app's chunks are preloaded with the entry's and their CSS inlined: every route needs them first.
        const appFiles = [...chunkFiles(manifest, APP_MODULE)].filter((f) => !entryFiles.has(f));
        for (const f of appFiles) entryFiles.add(f);
        const routeFiles = (key: string) => [...chunkFiles(manifest, key)].filter((f) => !entryFiles.has(f));
        const routes = ROUTES.map((r) => ({
          ...r,
          preload: [r.module, ...(manifest[r.module]?.dynamicImports ?? [])]
            .flatMap(routeFiles)
            .filter((f, i, all) => f.endsWith('.js') && all.indexOf(f) === i),
        }));
        const routeCss = [
          ...cssInOrder(manifest, APP_MODULE).filter((f) => appFiles.includes(f)),
          ...ROUTES.flatMap((r) => routeFiles(r.module).filter((f) => f.endsWith('.css'))),
        ];
        const { templates, languages, defaultLanguage } = await renderAll(
          config.root,
          String(config.define?.__APP_VERSION__ ?? '""'),
        );
        const texts = Object.fromEntries(languages.map((l) => [l, routeFiles(LANGUAGE_MODULE(l))]));
        const file = path.join(dir, 'index.html');
        const { html, app } = appScripts(inlineStyles(readFileSync(file, 'utf8'), dir, routeCss));
        app.preload.push(...appFiles.filter((f) => f.endsWith('.js')));
        const data = bootData(routes, texts, defaultLanguage, app);
        writeFileSync(
          file,
          html.replace(
            '<div id="root"></div>',
            `<div id="root"></div>\n    ${templates.join('\n    ')}\n    <script type="application/json" id="boot-data">${data}</script>\n    <script>${BOOT_SCRIPT}</script>`,
          ),
        );
      },
    },
  };
}
