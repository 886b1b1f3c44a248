/**
 * bench/reserves: proof of reserves (issue 31) at 1,000,000 members with USDT balances in a real PostgreSQL.
 * Beside a baseline measured in the same run (a plain scan: every member's balance row read into memory), measures
 *   (a) a snapshot's build by the server (features/reserves: read every member's liabilities in one transaction,
 *       hash the tree, store it with COPY, publish), target within 10x the plain scan; its phases apart, and the
 *       shared in-memory builder (packages/contract) on the same leaves for reference;
 *   (b) one member's proof as Reserves/proof serves it (memberProof: ~20 primary-key probes), target p99 <= 20 ms;
 *   (c) verifyProof in Debian's chromium (the shared code bundled by esbuild), target <= 50 ms.
 *
 *   node --expose-gc --import tsx bench/reserves/run.ts [--members 1000000] [--samples 1000] [--browser-runs 200]
 *     [--no-shared]
 */
import { getRandomValues } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, type Db } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { buildPending } from '../../apps/server/src/features/reserves/build.ts';
import { COLUMNS, readLiabilities } from '../../apps/server/src/features/reserves/liabilities.ts';
import { memberProof } from '../../apps/server/src/features/reserves/proof.ts';
import { requestSnapshot } from '../../apps/server/src/features/reserves/queries.ts';
import { type LeafHashes, recordBytes, unpackSums } from '../../apps/server/src/features/reserves/tree.ts';
import { buildTree, makeLeaf, verifyProof } from '../../packages/contract/src/reserves/index.ts';
import { cpuByCommand, log, processTree } from '../common.ts';
import { timeInBrowser } from './browser.ts';
import { plainScan, prepareLedger } from './prepare.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '1000' },
    'browser-runs': { type: 'string', default: '200' },
    'no-shared': { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(args.members);
const SAMPLES = Number(args.samples);

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? 0 };
}
/**
 * CPU ms used so far by this process and by the bench's PostgreSQL (all its backends): on this shared 2-core machine
 * other work stretches wall-clock times, so each ratio is given on CPU time too.
 */
let postgresPid: () => number | undefined = () => undefined;
function cpuMs(): number {
  const own = process.cpuUsage();
  const pid = postgresPid();
  const postgres = pid ? [...cpuByCommand(processTree(pid)).values()].reduce((a, b) => a + b, 0) : 0;
  return (own.user + own.system) / 1000 + postgres;
}

async function timedCpu<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const cpu = cpuMs();
  const [result, ms] = await timed(work);
  return [result, ms, cpuMs() - cpu];
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const f = (ms: number) => (ms < 1000 ? `${ms.toFixed(ms < 10 ? 2 : 1)} ms` : `${(ms / 1000).toFixed(2)} s`);
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

type Baseline = { ms: number; cpuMs: number };

/** (a) The server's build end to end, with its steps as the build timed them. */
async function serverBuild(db: Db, scan: Baseline): Promise<string> {
  const asked = await requestSnapshot(db, { key: 'bench' });
  const [outcome, totalMs, totalCpu] = await timedCpu(() => buildPending({ db }));
  if (outcome?.state !== 'published')
    throw new Error(`snapshot ${asked.id} not published: ${outcome?.problem}`);
  const ratio = totalMs / scan.ms;
  const cpuRatio = totalCpu / scan.cpuMs;
  log(
    `\n(a) snapshot ${asked.id} built and published by the server (${MEMBERS} leaves, ${COLUMNS.length} columns):`,
  );
  log(`  ${f(totalMs)} = ${ratio.toFixed(1)}x the plain scan  ${verdict(ratio <= 10)} (target within 10x)`);
  log(`  CPU (node + PostgreSQL) ${f(totalCpu)} = ${cpuRatio.toFixed(1)}x the scan's ${f(scan.cpuMs)}`);
  const s = outcome.steps ?? {};
  log(
    `  its steps: reading the liabilities and hashing the leaves ${f(s.read ?? 0)}, sorting the leaves ${f(s.sort ?? 0)}, COPY of the leaves ${f(s.leaves ?? 0)} and of the nodes ${f(s.nodes ?? 0)} (the levels above the leaves hashed meanwhile), primary keys ${f(s.keys ?? 0)}, attach + publish ${f(s.publish ?? 0)}`,
  );
  if (!args['no-shared']) {
    const [read, readMs] = await timed(() => readLiabilities(db, 1n));
    sharedBuild(inputsOf(read.leaves), readMs, scan.ms);
  }
  return asked.id;
}

/** The leaves' members and amounts again, as the shared builder takes them. */
function inputsOf(leaves: LeafHashes) {
  const size = recordBytes(COLUMNS.length);
  return Array.from({ length: leaves.count }, (_, i) => ({
    memberId: leaves.memberId(i),
    amounts: unpackSums(leaves.records.subarray(size * i + 32, size * i + size)),
  }));
}

/** The shared builder (packages/contract/src/reserves/tree.ts, @noble/hashes) on the same leaves, for reference. */
function sharedBuild(
  members: { memberId: string; amounts: readonly bigint[] }[],
  readMs: number,
  scanMs: number,
) {
  const start = performance.now();
  const leaves = members.map((m) =>
    makeLeaf(2n, { member_id: m.memberId, salt: getRandomValues(new Uint8Array(32)), amounts: m.amounts }),
  );
  buildTree(leaves, COLUMNS.length);
  const ms = performance.now() - start;
  log(
    `  the shared builder (@noble/hashes, objects per node) on the same leaves: ${f(ms)} hashing, ${((ms + readMs) / scanMs).toFixed(1)}x the scan with the read`,
  );
}

/**
 * Before timing proofs: the build's garbage (a million leaves, read twice above) collected and its 0.5 GB of rows
 * checkpointed, as on a server serving proofs after the daily build rather than during it; else a full GC of that
 * heap or the checkpoint's writes land in the samples. Needs node's --expose-gc (the bench:reserves script has it).
 */
async function settle(db: Db) {
  (globalThis as { gc?: () => void }).gc?.();
  await sql`checkpoint`.execute(db);
}

/** (b) Proofs of random members as Reserves/proof reads them; each is verified (outside the timing). */
async function proofs(db: Db, snapshotId: string) {
  await settle(db);
  const times: number[] = [];
  let failed = 0;
  let last: Awaited<ReturnType<typeof memberProof>> | undefined;
  for (let i = 0; i < SAMPLES; i++) {
    const memberId = String(1 + Math.floor(Math.random() * MEMBERS));
    const [proof, ms] = await timed(() => memberProof(db, snapshotId, memberId));
    times.push(ms);
    if (!verifyProof(proof).ok) failed += 1;
    last = proof;
  }
  const s = stats(times);
  log(`\n(b) one member's proof (memberProof, ${last?.path.length} levels), ${SAMPLES} random members:`);
  log(
    `  p50 ${f(s.p50)}, p99 ${f(s.p99)}, max ${f(s.max)}  ${verdict(s.p99 <= 20)} (target p99 <= 20 ms); ${failed} failed to verify`,
  );
  if (!last) throw new Error('no proof');
  return last;
}

/** (c) The shared verifier in chromium on a proof of this tree. */
async function browser(proof: Awaited<ReturnType<typeof memberProof>>) {
  const runs = Number(args['browser-runs']);
  const t = await timeInBrowser(proof, runs);
  log(
    `\n(c) verifyProof in chromium (bundle ${(t.bundleBytes / 1024).toFixed(1)} KiB minified, proof of ${proof.path.length} levels):`,
  );
  log(
    `  first call ${f(t.firstMs)}, then over ${runs} calls p50 ${f(t.p50)}, p99 ${f(t.p99)}  ${verdict(t.ok && Math.max(t.firstMs, t.p99) <= 50)} (target <= 50 ms)${t.ok ? '' : ' — A PROOF DID NOT VERIFY'}`,
  );
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-reserves-'));
  const pg = await startEmbeddedPostgres(dir);
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const db = createDb(pg.socketUrl('app'), 8);
    await migrate(db);
    log(`preparing ${MEMBERS} members with USDT balances ...`);
    const [{ accounts }, prepMs] = await timed(() => prepareLedger(db, MEMBERS));
    log(`  ${accounts} ledger accounts in ${f(prepMs)}`);
    postgresPid = pg.pid;
    log(`load average at the start: ${load()}`);
    const scan = await plainScan(db, cpuMs);
    log(
      `\nbaseline: plain scan of every member's USDT balance row into memory (${scan.rows} rows): ${f(scan.ms)}, CPU ${f(scan.cpuMs)}`,
    );
    const snapshotId = await serverBuild(db, scan);
    const proof = await proofs(db, snapshotId);
    await db.destroy();
    await browser(proof);
    log(`\nload average at the end: ${load()}`);
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
