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
import { areaOf, longFunctions, tableWriters } from './architecture-code.mjs';

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

const serverFiles = [...files('apps/server/src')].filter(isSized);
// Server and web call a feature by the same name: the two sets of feature folders are the same.
const featureNames = (dir) => readdirSync(dir).filter((e) => statSync(path.join(dir, e)).isDirectory());
const serverFeatures = featureNames('apps/server/src/features');
const webFeatures = featureNames('apps/web/src/features');
const unmatched = [
  ...serverFeatures
    .filter((f) => !webFeatures.includes(f))
    .map((f) => `server feature ${f} has no web folder`),
  ...webFeatures
    .filter((f) => !serverFeatures.includes(f))
    .map((f) => `web feature ${f} has no server folder`),
];
/** Where a process builds its ledger: engines.ts (every process's engines) and the sweep tool (its own process). */
const LEDGER_ROOTS = ['apps/server/src/engines.ts', 'apps/server/src/sweep.ts'];
const createLedger = serverFiles
  .filter((f) => !LEDGER_ROOTS.includes(f))
  .reduce((n, f) => n + (readFileSync(f, 'utf8').match(/(?<!function )\bcreateLedger\(/g)?.length ?? 0), 0);

/** Functions longer than this many lines of their own need `Long:` and a reason in the comment above them. */
const MAX_FUNCTION_LINES = 80;
const longFns = longFunctions(SIZED.flatMap((dir) => [...files(dir)]).filter(isSized), MAX_FUNCTION_LINES);

// One writer per table. Money has exactly one: the ledger's tables only ledger/ (and its SQL functions), a paper
// account's balances only the paper book. Any other table is written by one part of the server, unless a second
// part is declared here with its reason. A SQL function of the migrations writes for the files that call it by name.
const ONE_WRITER = {
  ledger_accounts: 'apps/server/src/ledger/',
  ledger_operations: 'apps/server/src/ledger/',
  ledger_transfers: 'apps/server/src/ledger/',
  paper_balances: 'apps/server/src/adapters/exchange/paper-book.ts',
  // Uploaded files (issue 28): the store writes them, in the transaction of whoever saves or removes one.
  files: 'apps/server/src/platform/files.ts',
  file_chunks: 'apps/server/src/platform/files.ts',
};
const SECOND_WRITERS = {
  mining_vouchers: {
    'features/shop':
      "an order's payment is one round trip (shop_buy, migration 0043, issue 32): it marks the order's voucher used with the statement of the mining feature's useShopVoucher, under the order's locks",
  },
  purchases: {
    'features/shop':
      "an order's payment is one round trip (shop_buy, migration 0043, issue 32): it queues the order's volume for the network with the statement of recordPurchase, in the order's transaction",
  },
  members: {
    'features/network':
      "the network's own bookkeeping on the member row: ranks recomputed with the plan's rules in one statement with their rank_changes, and tree_pending cleared as the team figures are brought up",
  },
};
const tables = new Set(
  [...files('apps/server/src/db/migrations')].flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map((m) => m[1]),
  ),
);
const writers = tableWriters(
  serverFiles.filter((f) => !f.includes('/db/migrations/')),
  [...files('apps/server/src')].filter((f) => f.includes('/db/migrations/') || f.endsWith('.sql')),
);
const moneyWriters = Object.entries(ONE_WRITER).flatMap(([table, only]) =>
  [...(writers.get(table) ?? [])].filter((f) => !f.startsWith(only)).map((f) => `${table}: ${f}`),
);
const sharedWriters = Object.fromEntries(
  [...writers]
    .filter(([table]) => tables.has(table))
    .map(([table, fs]) => [table, [...new Set([...fs].map((f) => areaOf(f, 'apps/server/src')))].sort()])
    .map(([table, areas]) => [table, areas.filter((a) => !SECOND_WRITERS[table]?.[a])])
    .filter(([, areas]) => areas.length > 1)
    .sort(([a], [b]) => a.localeCompare(b)),
);

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
  ["createLedger( call sites beyond the processes' composition roots", createLedger],
  [
    `functions over ${MAX_FUNCTION_LINES} lines of their own without a reason (server, contract, web)`,
    longFns.length,
  ],
  ['money tables written outside their one writer', moneyWriters.length],
  [
    'tables written by more than one part of the server without a declared reason',
    Object.keys(sharedWriters).length,
  ],
  ['feature names on one side only (server and web)', unmatched.length],
];
for (const [what, n] of figures) process.stdout.write(`${String(n).padStart(5)}  ${what} (target 0)\n`);

const fresh = unique.filter((v) => !knownViolations.has(v));
const newlyLarge = Object.keys(large).filter((f) => !(f in known.largeFiles));
const fixed = known.violations.filter((v) => !unique.includes(v)).length;
if (fixed)
  process.stdout.write(`${fixed} known violations are gone: node scripts/architecture.mjs --update\n`);
for (const name of undrawn) process.stdout.write(`README's Architecture drawing does not name ${name}\n`);
const problems = fresh.length + newlyLarge.length + undrawn.length + longFns.length + unmatched.length;
if (problems + moneyWriters.length + Object.keys(sharedWriters).length) {
  for (const v of fresh) process.stdout.write(`new violation  ${v}\n`);
  for (const f of longFns)
    process.stdout.write(`long function  ${f.file}:${f.line} ${f.name} (${f.own} lines of its own)\n`);
  for (const w of moneyWriters) process.stdout.write(`second writer  ${w} (see ONE_WRITER)\n`);
  for (const u of unmatched) process.stdout.write(`feature names  ${u}\n`);
  for (const [table, areas] of Object.entries(sharedWriters))
    process.stdout.write(
      `shared writer  ${table}: ${areas.join(', ')} (one part should own it, or see SECOND_WRITERS)\n`,
    );
  for (const f of newlyLarge) process.stdout.write(`over ${MAX_LINES} lines  ${f} (${large[f]})\n`);
  process.stdout.write('See .dependency-cruiser.cjs (the rules) and DESIGN.md section 2.\n');
  process.exit(1);
}
