/**
 * bench/tree: the network at 1,000,000 members: a random binary tree (900,000) and a chain 100,000 deep (each
 * member sponsoring and placed under the one before). Measures, beside a baseline measured in the same run (a
 * plain scan of the members table: every row read once):
 *   - placing a member (insert with its jump pointers, then propagating the new leg counts to every ancestor),
 *   - propagating a purchase's volume to every placement ancestor,
 *   - loading one screen of the tree (Tree/gettree, 3 levels, access check included),
 *   - searching the downline by userid prefix (placement and sponsor trees),
 *   - the daily pairing for all members after a day of purchases.
 * Targets (issue 4): tree screen and search p99 under 50 ms; the pairing run within 10x the plain scan.
 *
 *   node --import tsx bench/tree/run.ts [--members 1000000] [--chain 100000] [--purchases 20000] [--samples 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, type Db, type Tx } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { searchSponsorDownline } from '../../apps/server/src/features/network/downline.ts';
import { propagateTree } from '../../apps/server/src/features/network/propagate.ts';
import { type Me, searchPlacement, treeView } from '../../apps/server/src/features/network/tree.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import { runDailyJob } from '../../apps/server/src/jobs/daily.ts';
import {
  candidatesSelect,
  PAIRING_BATCH,
  PAIRING_JOB,
  pairingJob,
  pairingSelect,
} from '../../apps/server/src/features/network/pairing-job.ts';
import { currentPlan } from '../../apps/server/src/features/network/plan.ts';
import { createLedger } from '../../apps/server/src/ledger/index.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    chain: { type: 'string', default: '100000' },
    purchases: { type: 'string', default: '20000' },
    samples: { type: 'string', default: '200' },
    // Only the pairing (skips the per-call samples), and print the plan of its first id range.
    'pairing-only': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    // Print each statement of the pairing runs that took 10 ms or more.
    profile: { type: 'boolean', default: false },
  },
});
const TOTAL = Number(args.members);
const CHAIN = Number(args.chain);
const RANDOM = TOTAL - CHAIN;
const PURCHASES = Number(args.purchases);
const SAMPLES = Number(args.samples);
const DATE = '2030-03-01';
const log = (msg: string) => process.stdout.write(`${msg}\n`);
/** On during the timed pairing runs with --profile. */
let profiling = false;

/** A small fast PRNG, seeded: every run builds the same tree. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(42);
const pick = (n: number) => Math.floor(rand() * n);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? 0 };
}
const f = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/**
 * The baseline: every row of members read once, in the server (a sequential scan), and the table's size then
 * (rank changes leave old row versions behind, so it grows a little as the run goes on).
 */
async function plainScan(db: Db): Promise<{ ms: number; size: string }> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const [, ms] = await timed(() => sql`select count(*), sum(length(userid)) from members`.execute(db));
    runs.push(ms);
  }
  const size = await sql<{ s: string }>`select pg_size_pretty(pg_relation_size('members')) s`.execute(db);
  return { ms: Math.min(...runs), size: size.rows[0]?.s ?? '' };
}

/**
 * Builds the members in memory (placement, sponsor, depths, jump pointers, leg counts) and writes them in bulk,
 * with the insert trigger off: the trigger computes the same fields row by row (it is used by every later insert).
 */
async function build(db: Db, rootId: number) {
  const n = RANDOM + CHAIN + 1; // index 0 is the company root
  const parent = new Int32Array(n).fill(-1);
  const sponsor = new Int32Array(n).fill(-1);
  const side = new Uint8Array(n); // 1 L, 2 R
  const depth = new Int32Array(n);
  const sdepth = new Int32Array(n);
  // Random tree under the root's left: each new member takes a random free spot; its sponsor is 1-3 levels up.
  const open: number[] = [0 * 2]; // spot = node * 2 + (0 left | 1 right)
  for (let i = 1; i <= RANDOM; i++) {
    const k = pick(open.length);
    const spot = open[k]!;
    open[k] = open[open.length - 1]!;
    open.pop();
    const p = spot >> 1;
    parent[i] = p;
    side[i] = (spot & 1) + 1;
    depth[i] = depth[p]! + 1;
    let s = p;
    for (let up = pick(3); up > 0 && parent[s]! > 0; up--) s = parent[s]!;
    sponsor[i] = s;
    sdepth[i] = sdepth[s]! + 1;
    open.push(i * 2, i * 2 + 1);
  }
  // The chain under the root's right: each member the left child and the recruit of the one before.
  for (let c = 0; c < CHAIN; c++) {
    const i = RANDOM + 1 + c;
    const p = c === 0 ? 0 : i - 1;
    parent[i] = p;
    sponsor[i] = p;
    side[i] = c === 0 ? 2 : 1;
    depth[i] = depth[p]! + 1;
    sdepth[i] = sdepth[p]! + 1;
  }
  const id = (i: number) => (i === 0 ? rootId : rootId + i);
  const jumpsOf = (links: Int32Array) => {
    const jumps: number[][] = new Array(n);
    jumps[0] = [];
    for (let i = 1; i < n; i++) {
      const j = [links[i]!];
      for (let k = 0; ; k++) {
        const next = jumps[j[k]!]![k];
        if (next === undefined) break;
        j.push(next);
      }
      jumps[i] = j;
    }
    return jumps;
  };
  const pj = jumpsOf(parent);
  const sj = jumpsOf(sponsor);
  // Leg counts, sponsor team sizes and direct recruits, children before parents (children have larger indexes).
  const size = new Float64Array(n).fill(1);
  const ssize = new Float64Array(n).fill(1);
  const left = new Float64Array(n);
  const right = new Float64Array(n);
  const direct = new Float64Array(n);
  for (let i = n - 1; i > 0; i--) {
    const p = parent[i]!;
    size[p]! += size[i]!;
    if (side[i] === 1) left[p]! += size[i]!;
    else right[p]! += size[i]!;
    const s = sponsor[i]!;
    ssize[s]! += ssize[i]!;
    direct[s]! += 1;
  }
  await sql`alter table members disable trigger members_tree_fields`.execute(db);
  const BATCH = 20_000;
  for (let from = 1; from < n; from += BATCH) {
    const idx = Array.from({ length: Math.min(BATCH, n - from) }, (_, k) => from + k);
    const arr = (map: (i: number) => string) => idx.map(map);
    const label = (i: number) => (i <= RANDOM ? `r${i}` : `c${i - RANDOM}`);
    await sql`insert into members (id, userid, name, sponsor_id, placement_parent_id, side, depth, jumps,
        sponsor_depth, sponsor_jumps, tree_pending)
      select u.id, u.userid, '', u.sponsor_id, u.parent_id, u.side, u.depth, u.jumps::bigint[], u.sdepth,
        u.sjumps::bigint[], false
      from unnest(${arr((i) => String(id(i)))}::bigint[], ${arr(label)}::text[],
        ${arr((i) => String(id(sponsor[i]!)))}::bigint[], ${arr((i) => String(id(parent[i]!)))}::bigint[],
        ${arr((i) => (side[i] === 1 ? 'L' : 'R'))}::text[], ${arr((i) => String(depth[i]))}::int[],
        ${arr((i) => `{${pj[i]!.map(id).join(',')}}`)}::text[], ${arr((i) => String(sdepth[i]))}::int[],
        ${arr((i) => `{${sj[i]!.map(id).join(',')}}`)}::text[])
        as u(id, userid, sponsor_id, parent_id, side, depth, jumps, sdepth, sjumps)`.execute(db);
    await sql`insert into member_stats (member_id, left_count, right_count, direct_count, sponsor_team_count)
      select * from unnest(${arr((i) => String(id(i)))}::bigint[], ${arr((i) => String(left[i]))}::bigint[],
        ${arr((i) => String(right[i]))}::bigint[], ${arr((i) => String(direct[i]))}::bigint[],
        ${arr((i) => String(ssize[i]! - 1))}::bigint[])`.execute(db);
    if ((from - 1) % 200_000 === 0) log(`  ${from - 1} members written`);
  }
  await sql`alter table members enable trigger members_tree_fields`.execute(db);
  await sql`insert into member_stats (member_id, left_count, right_count, direct_count, sponsor_team_count)
    values (${rootId}, ${left[0]!}, ${right[0]!}, ${direct[0]!}, ${ssize[0]! - 1})`.execute(db);
  await sql`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`.execute(
    db,
  );
  return { id, parent, depth, n };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-tree-'));
  const pg = await startEmbeddedPostgres(dir);
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const db = createDb(pg.socketUrl('app'), 8, (q, ms) => {
      if (profiling && ms >= 10)
        log(`    ${ms.toFixed(1).padStart(7)} ms  ${q.replace(/\s+/g, ' ').slice(0, 110)}`);
    });
    await migrate(db);
    const rootId = Number(await ensureRoot(db, 'company'));
    log(`building ${TOTAL} members: a random tree of ${RANDOM} and a chain ${CHAIN} deep ...`);
    const [tree, buildMs] = await timed(() => build(db, rootId));
    await sql`vacuum analyze`.execute(db);
    log(`  built in ${(buildMs / 1000).toFixed(1)} s`);

    const { ms: scan, size } = await plainScan(db);
    log(`\nbaseline: plain scan of members (${TOTAL} rows, ${size}): ${f(scan)}`);

    if (!args['pairing-only']) await samples(db, tree, scan);
    await pairing(db, rootId, tree);
    await db.destroy();
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Tree = Awaited<ReturnType<typeof build>>;

async function samples(db: Db, tree: Tree, scan: number) {
  const randomTop: Me = { id: String(tree.id(1)), userid: 'r1' };
  const chainTop: Me = { id: String(tree.id(RANDOM + 1)), userid: 'c1' };
  const chainBottom = tree.id(tree.n - 1);
  // 1. Placing a member: insert (the trigger writes depth and jump pointers) + propagation of the leg counts.
  const place = async (parentId: number, sponsorId: number, label: string) =>
    timed(async () => {
      const free = await sql<{ side: string }>`select s.side from (values ('L'), ('R')) s(side)
          where not exists (select 1 from members m where m.placement_parent_id = ${parentId} and m.side = s.side)
          limit 1`.execute(db);
      const sideFree = free.rows[0]?.side;
      if (!sideFree) return;
      await sql`insert into members (userid, name, sponsor_id, placement_parent_id, side)
          values (${label}, '', ${sponsorId}, ${parentId}, ${sideFree})`.execute(db);
      await propagateTree(db);
    });
  const placeRandom: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const p = tree.id(1 + pick(RANDOM));
    const [, ms] = await place(p, p, `np${i}`);
    placeRandom.push(ms);
  }
  const placeChain: number[] = [];
  let bottom = chainBottom;
  for (let i = 0; i < 10; i++) {
    const [, ms] = await place(bottom, bottom, `nc${i}`);
    placeChain.push(ms);
    const b = await sql<{ id: string }>`select id::text from members where userid = ${`nc${i}`}`.execute(db);
    bottom = Number(b.rows[0]!.id);
  }
  const pr = stats(placeRandom);
  const pc = stats(placeChain);
  log(`\nplace a member (insert + leg counts to every ancestor):`);
  log(
    `  random tree (depth ~${tree.depth[Math.floor(RANDOM / 2)]}): p50 ${f(pr.p50)}, p99 ${f(pr.p99)}  (${(pr.p50 / scan).toFixed(2)}x scan)`,
  );
  log(
    `  bottom of the ${CHAIN}-deep chain: p50 ${f(pc.p50)}, max ${f(pc.max)}  (${(pc.p50 / scan).toFixed(2)}x scan)`,
  );

  // 2. Propagating one purchase's volume to every ancestor.
  const buyOne = async (memberId: number, order: number) =>
    timed(async () => {
      await sql`insert into purchases (member_id, source, order_id, amount, volume, asset, created_at)
          values (${memberId}, 'bench', ${order}, 100000000, 100000000, 'USDT', ${`${DATE}T10:00:00Z`})`.execute(
        db,
      );
      await propagateTree(db);
    });
  const volRandom: number[] = [];
  for (let i = 0; i < SAMPLES; i++) volRandom.push((await buyOne(tree.id(1 + pick(RANDOM)), i + 1))[1]);
  const volChain: number[] = [];
  for (let i = 0; i < 10; i++) volChain.push((await buyOne(bottom, 100_000 + i))[1]);
  const vr = stats(volRandom);
  const vc = stats(volChain);
  log(`\npropagate a purchase's volume to every ancestor:`);
  log(`  random tree: p50 ${f(vr.p50)}, p99 ${f(vr.p99)}  (${(vr.p50 / scan).toFixed(2)}x scan)`);
  log(`  bottom of the chain: p50 ${f(vc.p50)}, max ${f(vc.max)}  (${(vc.p50 / scan).toFixed(2)}x scan)`);

  // 3. One screen of the tree (3 levels), from the member's own top, of random nodes of their downline.
  const screen: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const node = i % 10 === 0 ? `c${CHAIN - pick(10)}` : `r${1 + pick(RANDOM)}`;
    const me = node.startsWith('c') ? chainTop : randomTop;
    screen.push((await timed(() => treeView(db, me, node, 3)))[1]);
  }
  const sc = stats(screen);
  log(
    `\ntree screen (3 levels, access check; 1 in 10 at the bottom of the chain): p50 ${f(sc.p50)}, p99 ${f(sc.p99)}  ${sc.p99 < 50 ? 'OK' : 'OVER'} (target p99 < 50 ms)`,
  );

  // 4. Searching the downline by userid prefix: placement (tree viewer) and sponsor (affiliates) trees.
  const search: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const chain = i % 4 === 0;
    const prefix = chain ? `c${1 + pick(CHAIN)}` : `r${1 + pick(RANDOM)}`.slice(0, 2 + pick(5));
    const me = chain ? chainTop : randomTop;
    search.push((await timed(() => searchPlacement(db, me, prefix)))[1]);
    search.push((await timed(() => searchSponsorDownline(db, me, prefix, 1, 10)))[1]);
  }
  const se = stats(search);
  log(
    `search the downline (prefix; placement and sponsor): p50 ${f(se.p50)}, p99 ${f(se.p99)}  ${se.p99 < 50 ? 'OK' : 'OVER'} (target p99 < 50 ms)`,
  );
}

async function pairing(db: Db, rootId: number, tree: Tree) {
  // 5. The daily pairing after a day of purchases spread over the random tree (and ten in the chain).
  log(`\n${PURCHASES} purchases in the random tree and 10 in the chain on ${DATE} ...`);
  await sql`insert into purchases (member_id, source, order_id, amount, volume, asset, created_at)
      select m.id, 'bench-day', g, v, v, 'USDT', ${`${DATE}T12:00:00Z`}::timestamptz
      from generate_series(1, ${PURCHASES}) g
      cross join lateral (select (100 + (g * 37) % 900)::bigint * 1000000 v) amount
      join members m on m.id = ${rootId} + 1 + ((g * 7919) % ${RANDOM})`.execute(db);
  // And a few at the bottom half of the chain (each walks up to 100,000 ancestors).
  await sql`insert into purchases (member_id, source, order_id, amount, volume, asset, created_at)
      select ${tree.id(RANDOM + Math.floor(CHAIN / 2))}::bigint + g * ${Math.floor(CHAIN / 20)}, 'bench-chain', g,
        200000000, 200000000, 'USDT', ${`${DATE}T12:00:00Z`}::timestamptz from generate_series(0, 9) g`.execute(
    db,
  );
  const [, propMs] = await timed(() => propagateTree(db));
  log(`  propagated in ${(propMs / 1000).toFixed(1)} s`);
  const open = await sql<{
    n: string;
  }>`select count(distinct member_id)::text n from leg_volume_daily where day = ${DATE}::date`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const scan2 = await plainScan(db);
  if (args.explain) {
    // The plans of the first batch's two statements (its candidates, then their pairing), rolled back.
    const explain = async (tx: Tx, q: ReturnType<typeof sql>) => {
      const r = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${q}`.execute(tx);
      log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
    };
    await db
      .transaction()
      .execute(async (tx) => {
        const plan = await currentPlan(tx);
        const candidates = candidatesSelect(plan, DATE, '0', PAIRING_BATCH);
        await explain(tx, candidates);
        await sql`create temp table pairing_ids on commit drop as ${candidates}`.execute(tx);
        await sql`analyze pairing_ids`.execute(tx);
        await explain(tx, pairingSelect(plan, DATE, null));
        throw new Error('rollback');
      })
      .catch(() => undefined);
  }
  const ledger = createLedger(db);
  const job = pairingJob(db, ledger.accounts);
  profiling = args.profile;
  const [run, pairMs] = await timed(() => runDailyJob(db, PAIRING_JOB, job, DATE));
  profiling = false;
  const ratio = pairMs / scan2.ms;
  log(
    `daily pairing for all ${TOTAL} members (${open.rows[0]?.n} with new leg volume, ${run.items_now} settled, ${run.amounts.map((a) => `${a.amount} ${a.asset} minor`).join(', ')} paid):`,
  );
  log(
    `  ${f(pairMs)} vs plain scan ${f(scan2.ms)} (${scan2.size}): ${ratio.toFixed(1)}x  ${ratio <= 10 ? 'OK' : 'OVER'} (target within 10x)`,
  );
  const [again, againMs] = await timed(() => runDailyJob(db, PAIRING_JOB, job, DATE));
  log(`  re-run: ${again.items_now} settled in ${f(againMs)} (must be 0)`);

  // A second day like the first: balances carried, and most earners' bonus accounts already exist.
  const next = '2030-03-02';
  await sql`insert into purchases (member_id, source, order_id, amount, volume, asset, created_at)
      select m.id, 'bench-day2', g, v, v, 'USDT', ${`${next}T12:00:00Z`}::timestamptz
      from generate_series(1, ${PURCHASES}) g
      cross join lateral (select (100 + (g * 53) % 900)::bigint * 1000000 v) amount
      join members m on m.id = ${rootId} + 1 + ((g * 6151) % ${RANDOM})`.execute(db);
  await propagateTree(db);
  await sql`vacuum analyze`.execute(db);
  const scan3 = await plainScan(db);
  profiling = args.profile;
  const [day2, day2Ms] = await timed(() => runDailyJob(db, PAIRING_JOB, job, next));
  profiling = false;
  const ratio2 = day2Ms / scan3.ms;
  log(`the next day (${PURCHASES} more purchases; ${day2.items_now} settled):`);
  log(
    `  ${f(day2Ms)} vs plain scan ${f(scan3.ms)} (${scan3.size}): ${ratio2.toFixed(1)}x  ${ratio2 <= 10 ? 'OK' : 'OVER'} (target within 10x)`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
