#!/usr/bin/env node
// The JavaScript a phone downloads to show the home page (after `vite build`): the entry, everything it imports
// statically, the home route's lazy chunk with its static imports, and the texts of the default language (the
// first screen waits for them), gzipped. Fails above the budget (issue 16).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const ROUTE_MODULES = ['src/features/content/pages/HomePage.tsx', 'src/locales/en-US/index.ts'];
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function take(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) take(imported);
}
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) take(key);
for (const key of ROUTE_MODULES) take(key);

let total = 0;
const rows = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const gz = gzipSync(readFileSync(path.join(dist, file))).length;
    total += gz;
    return [file, gz];
  })
  .sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) process.stdout.write(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}\n`);
const kb = total / 1024;
process.stdout.write(
  `${kb.toFixed(1).padStart(7)} KB  first load of the home page (gzip; budget ${BUDGET_KB} KB)\n`,
);
if (kb > BUDGET_KB) {
  process.stderr.write(`over budget by ${(kb - BUDGET_KB).toFixed(1)} KB\n`);
  process.exit(1);
}
