#!/usr/bin/env node
// `npm test`: lint, the architecture rules, type-check every workspace, unit + API tests, build the web app and check its first-load
// budget, end-to-end tests.
// Runs every step even when one fails, then prints one summary line and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'mp-test-report-'));
/** Vitest also writes a JSON report, so the summary can count tests, not steps. */
const vitest = (name, projects, extra = []) => [
  name,
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${projects.join('-')}.json`)}`,
  ],
  path.join(reports, `${projects.join('-')}.json`),
];
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const node = process.execPath;

const steps = [
  ['docs: FEATURES.md is current', node, ['--import', 'tsx', 'scripts/features.ts', '--check']],
  ['lint (biome)', node, [bin('@biomejs/biome', 'bin/biome'), 'check', '.']],
  ['docs: DECISIONS.md index and status lines', node, ['scripts/decisions-index.mjs']],
  ['architecture: import rules and file sizes', node, ['scripts/architecture.mjs']],
  ['types: contract', node, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'packages/contract']],
  ['types: server', node, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'apps/server']],
  ['types: web', node, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'apps/web']],
  // Two test files at once even on two cores (Vitest's default there is one): the files spend much of their time
  // waiting on PostgreSQL and on the servers they start, and each has its own database, DATA_DIR and ports. Measured
  // on this 2-core machine: 656 s against about 900 s one at a time.
  vitest(
    'unit + API tests',
    ['contract', 'server', 'web'],
    [`--maxWorkers=${Math.max(2, availableParallelism() - 1)}`],
  ),
  ['build web', node, [bin('vite', 'bin/vite.js'), 'build', 'apps/web']],
  [
    'web: first loads of home, wallet and login within their budgets (gzip)',
    node,
    ['scripts/bundle-size.mjs'],
  ],
  vitest('end-to-end (chromium)', ['e2e']),
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let testsPassed = 0;
let testsFailed = 0;
for (const [name, cmd, args, report] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const started = Date.now();
  process.stdout.write(`\n=== ${name}\n`);
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  let ok = res.status === 0;
  if (report && existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    testsPassed += r.numPassedTests;
    testsFailed += r.numFailedTests;
    // Vitest has been seen to exit 0 with a failed test in its report: the report decides too.
    if (r.numFailedTests > 0 || r.numFailedTestSuites > 0) ok = false;
  } else if (report) {
    testsFailed++;
  }
  if (ok) passed++;
  else failed++;
  process.stdout.write(
    `=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
process.stdout.write(`\nsteps: ${passed} ok, ${failed} failed\n`);
process.stdout.write(
  `tests: ${testsPassed} passed, ${testsFailed + (failed && !testsFailed ? 1 : 0)} failed\n`,
);
process.exit(failed ? 1 : 0);
