// `npm test`'s architecture step (issue 26): the import rules of .dependency-cruiser.cjs, checked with
// dependency-cruiser, and no source file over 400 lines. Prints the figures against their targets (0).
// Violations that existed when a rule came in are listed in docs/architecture-known.json and tolerated while they are
// worked off; anything else fails: a new violation, or a file newly over the limit. `--update` rewrites the list from
// the code as it is (run it after removing violations; a diff that adds lines needs a reason in the commit).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const knownPath = path.join(root, 'docs/architecture-known.json');
const MAX_LINES = 400;
/** Source folders held to the size limit; tests and generated files aside. */
const SIZED = ['apps/server/src', 'packages/contract/src', 'apps/web/src'];
const isSized = (file) => /\.tsx?$/.test(file) && !/\.(test|e2e)\.tsx?$|\.d\.ts$/.test(file);

const cruised = await cruise(['apps/server/src'], {
  ...config.options,
  ruleSet: { forbidden: config.forbidden },
  validate: true,
});
const violations = cruised.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
const unique = [...new Set(violations)].sort();

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}
const large = {};
for (const dir of SIZED)
  for (const file of files(dir)) {
    if (!isSized(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    if (lines > MAX_LINES) large[file] = lines;
  }

const createLedger = [...files('apps/server/src')]
  .filter((f) => isSized(f))
  .reduce((n, f) => n + (readFileSync(f, 'utf8').match(/(?<!function )\bcreateLedger\(/g)?.length ?? 0), 0);

// README's drawing of the server names every folder, entry point and feature that exists (it is written by hand).
const readme = readFileSync('README.md', 'utf8');
const drawing = readme.slice(readme.indexOf('## Architecture'), readme.indexOf('## Running in production'));
const server = 'apps/server/src';
const undrawn = [
  ...readdirSync(server)
    .filter((e) => statSync(path.join(server, e)).isDirectory())
    .map((d) => `${d}/`),
  // The CLIs are drawn together as *-cli.ts.
  ...readdirSync(server).filter((e) => /^[a-z-]+\.ts$/.test(e) && !e.endsWith('-cli.ts')),
  ...readdirSync(path.join(server, 'features')),
].filter(
  (name) => !new RegExp(`(^|[\\s,(])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm').test(drawing),
);

if (process.argv.includes('--update')) {
  writeFileSync(knownPath, `${JSON.stringify({ violations: unique, largeFiles: large }, null, 2)}\n`);
  process.stdout.write(
    `docs/architecture-known.json: ${unique.length} violations, ${Object.keys(large).length} large files\n`,
  );
  process.exit(0);
}

const known = JSON.parse(readFileSync(knownPath, 'utf8'));
const knownViolations = new Set(known.violations);
const count = (rule) => unique.filter((v) => v.startsWith(`${rule}: `)).length;
const figures = [
  ['imports into another feature outside its public module', count('feature-internals')],
  ['features using a public module without a declared pair', count('feature-pairs')],
  ['imports that climb to a higher layer', count('no-climbing')],
  ['file import cycles', count('no-circular')],
  ['folder import cycles', count('no-folder-cycles')],
  [`source files over ${MAX_LINES} lines`, Object.keys(large).length],
  // One per process's composition root: main.ts, app.ts (each HTTP worker's) and the sweep tool.
  ["createLedger( call sites beyond the processes' composition roots", Math.max(0, createLedger - 3)],
];
for (const [what, n] of figures) process.stdout.write(`${String(n).padStart(5)}  ${what} (target 0)\n`);

const fresh = unique.filter((v) => !knownViolations.has(v));
const newlyLarge = Object.keys(large).filter((f) => !(f in known.largeFiles));
const fixed = known.violations.filter((v) => !unique.includes(v)).length;
if (fixed)
  process.stdout.write(`${fixed} known violations are gone: node scripts/architecture.mjs --update\n`);
for (const name of undrawn) process.stdout.write(`README's Architecture drawing does not name ${name}\n`);
if (fresh.length || newlyLarge.length || undrawn.length) {
  for (const v of fresh) process.stdout.write(`new violation  ${v}\n`);
  for (const f of newlyLarge) process.stdout.write(`over ${MAX_LINES} lines  ${f} (${large[f]})\n`);
  process.stdout.write('See .dependency-cruiser.cjs (the rules) and DESIGN.md section 2.\n');
  process.exit(1);
}
