#!/usr/bin/env node
// The JavaScript a phone downloads to show each entry route (after `vite build`): the entry, everything it imports
// statically, the app's chunk it imports at once with its static imports, the route's lazy page chunk with its static imports, and the texts of the default language (the first
// screen waits for them), gzipped. The login page is the first route of every new member and must not carry the
// validation library (zod): its form checks its fields with the light rules of lib/textRules.ts. Fails above a
// route's budget (issues 16 and 30). WEB_DIST measures another build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TEXTS = 'src/locales/en-US/index.ts';
// The app's own chunk, which the entry (React DOM) imports at once (src/main.tsx).
const APP = 'src/app/start.tsx';
// Each budget is what the route reached (issue 30), plus 1 KB since for the offline banner's detection of calls
// that get no answer (lib/reachability.ts, about 0.3 KB).
const ROUTES = [
  { name: 'home', module: 'src/features/content/pages/HomePage.tsx', budgetKb: 199 },
  { name: 'wallet', module: 'src/features/wallet/pages/WalletPage.tsx', budgetKb: 201 },
  { name: 'login', module: 'src/features/auth/pages/LoginPage.tsx', budgetKb: 217 },
];
const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);

function take(key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) take(imported, files);
}

const gzipped = new Map();
function gzSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipped.get(file);
}

let failed = false;
for (const route of ROUTES) {
  const files = new Set();
  for (const key of [...entries, APP, route.module, TEXTS]) take(key, files);
  const scripts = [...files].filter((f) => f.endsWith('.js'));
  const kb = scripts.reduce((sum, f) => sum + gzSize(f), 0) / 1024;
  const largest = scripts
    .sort((a, b) => gzSize(b) - gzSize(a))
    .slice(0, 6)
    .map((f) => `${path.basename(f)} ${(gzSize(f) / 1024).toFixed(1)}`);
  process.stdout.write(
    `${kb.toFixed(1).padStart(7)} KB  first load of ${route.name} (gzip; budget ${route.budgetKb} KB): ${largest.join(', ')}\n`,
  );
  if (kb > route.budgetKb) {
    process.stderr.write(`${route.name}: over budget by ${(kb - route.budgetKb).toFixed(1)} KB\n`);
    failed = true;
  }
  if (route.name === 'login' && scripts.some((f) => /(^|\/)(zod|schemas|call)-[\w-]+\.js$/.test(f))) {
    process.stderr.write(
      `login: the first load carries zod (${scripts.filter((f) => /zod|call-/.test(f))})\n`,
    );
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
