import { type Db, poolOf } from '../../apps/server/src/db/database.ts';
import { copyIn } from '../../apps/server/src/db/pg-copy.ts';
import { log } from '../common.ts';

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** Where each shape starts in the build's indexes (index 0 is the company root) and how many members it has. */
export type Layout = { total: number; bushy: number; chain: number; demo: number; n: number };

export function layoutOf(total: number, chain: number, demoShare: number): Layout {
  const rest = total - chain;
  const demo = Math.floor(rest * demoShare);
  const bushy = rest - demo;
  if (bushy < 1000 || demo < 1)
    throw new Error(`--members ${total} leaves too few for the bushy and demo shapes`);
  return { total, bushy, chain, demo, n: total + 1 };
}
/** Index of the k-th (1-based) member of each shape. */
export const bushyAt = (k: number) => k;
export const chainAt = (l: Layout, k: number) => l.bushy + k;
export const demoAt = (l: Layout, k: number) => l.bushy + l.chain + k;
export const labelOf = (l: Layout, i: number) =>
  i <= l.bushy ? `r${i}` : i <= l.bushy + l.chain ? `c${i - l.bushy}` : `d${i - l.bushy - l.chain}`;

/** A build index's member id (made outside `build`, so the closure holds none of its arrays). */
const idOf = (rootId: number) => (i: number) => rootId + i;

/** Yields COPY text a few hundred kilobytes at a time: one line per index from `from` to `to` (exclusive). */
async function* copyText(from: number, to: number, line: (i: number) => string): AsyncGenerator<Buffer> {
  let text = '';
  for (let i = from; i < to; i++) {
    text += line(i);
    if (text.length >= 1 << 18) {
      yield Buffer.from(text);
      text = '';
    }
  }
  if (text) yield Buffer.from(text);
}

/**
 * Builds the members in memory (placement, sponsor, depths, jump pointers, leg counts, direct recruits and sponsor
 * team sizes) and loads them with COPY. Keeps nothing of it: the measurements run on what PostgreSQL holds.
 */
export async function build(db: Db, rootId: number, l: Layout, pick: (n: number) => number) {
  const { n } = l;
  const parent = new Int32Array(n).fill(-1);
  const sponsor = new Int32Array(n).fill(-1);
  const side = new Uint8Array(n); // 1 L, 2 R
  const depth = new Int32Array(n);
  const sdepth = new Int32Array(n);
  const link = (i: number, p: number, s: number, sd: 1 | 2) => {
    parent[i] = p;
    sponsor[i] = s;
    side[i] = sd;
    depth[i] = depth[p]! + 1;
    sdepth[i] = sdepth[s]! + 1;
  };
  // The bushy tree under the root's left: each new member takes a random free spot; its sponsor is 1-3 levels up.
  const open = new Int32Array(2 * l.bushy + 2); // spot = node * 2 + (0 left | 1 right)
  let spots = 1;
  open[0] = 0;
  for (let k = 1; k <= l.bushy; k++) {
    const i = bushyAt(k);
    const at = pick(spots);
    const spot = open[at]!;
    open[at] = open[--spots]!;
    const p = spot >> 1;
    let s = p;
    for (let up = pick(3); up > 0 && parent[s]! > 0; up--) s = parent[s]!;
    link(i, p, s, ((spot & 1) + 1) as 1 | 2);
    open[spots++] = i * 2;
    open[spots++] = i * 2 + 1;
  }
  // The chain under the root's right.
  for (let k = 1; k <= l.chain; k++) {
    const i = chainAt(l, k);
    link(i, k === 1 ? 0 : i - 1, k === 1 ? 0 : i - 1, k === 1 ? 2 : 1);
  }
  // The demo's shape under the chain's top member's right: level by level, as a heap (k's parent is k / 2).
  for (let k = 1; k <= l.demo; k++) {
    const i = demoAt(l, k);
    const p = k === 1 ? chainAt(l, 1) : demoAt(l, k >> 1);
    link(i, p, p, k === 1 || k % 2 === 1 ? 2 : 1);
  }
  // Jump pointers, flat: node i's k-th is the ancestor 2^k levels up (-1 past the root). Parents come first.
  let maxDepth = 1;
  for (let i = 0; i < n; i++) maxDepth = Math.max(maxDepth, depth[i]!, sdepth[i]!);
  const width = Math.floor(Math.log2(maxDepth)) + 1;
  const jumpsOf = (links: Int32Array) => {
    const jumps = new Int32Array(n * width).fill(-1);
    for (let i = 1; i < n; i++) {
      const row = i * width;
      jumps[row] = links[i]!;
      for (let k = 0; k + 1 < width; k++) {
        const up = jumps[row + k]!;
        const next = up < 0 ? -1 : jumps[up * width + k]!;
        if (next < 0) break;
        jumps[row + k + 1] = next;
      }
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
  const id = idOf(rootId);
  const jumpText = (jumps: Int32Array, i: number) => {
    let text = '{';
    for (let k = 0; k < width; k++) {
      const j = jumps[i * width + k]!;
      if (j < 0) break;
      text += k === 0 ? `${id(j)}` : `,${id(j)}`;
    }
    return `${text}}`;
  };

  // Sign-ups spread evenly over the three years before now, in the order of their ids (a day holds about a
  // thousandth of them, as an admin's "members today" would see it).
  const now = Date.now();
  const step = (3 * 365 * 86_400_000) / n;
  const joinedAt = (i: number) => new Date(now - (n - i) * step).toISOString();

  const client = await poolOf(db).connect();
  try {
    // Foreign-key checks and triggers off for this load only (the build computed what they would); indexes other
    // than the primary keys are dropped and built again after the load, each in one sorted pass.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    const indexes = await client.query<{ name: string; def: string }>(
      `select i.indexname name, i.indexdef def from pg_indexes i
       where i.schemaname = 'public' and i.tablename in ('members', 'member_stats', 'ledger_accounts')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
    const [, membersMs] = await timed(() =>
      copyIn(
        client,
        `copy members (id, userid, name, sponsor_id, placement_parent_id, side, depth, jumps, sponsor_depth,
          sponsor_jumps, tree_pending, created_at) from stdin`,
        copyText(
          1,
          n,
          (i) =>
            `${id(i)}\t${labelOf(l, i)}\t\t${id(sponsor[i]!)}\t${id(parent[i]!)}\t${side[i] === 1 ? 'L' : 'R'}\t${depth[i]}\t${jumpText(pj, i)}\t${sdepth[i]}\t${jumpText(sj, i)}\tf\t${joinedAt(i)}\n`,
        ),
      ),
    );
    const [, statsMs] = await timed(() =>
      copyIn(
        client,
        'copy member_stats (member_id, left_count, right_count, direct_count, sponsor_team_count) from stdin',
        copyText(1, n, (i) => `${id(i)}\t${left[i]}\t${right[i]}\t${direct[i]}\t${ssize[i]! - 1}\n`),
      ),
    );
    const [, accountsMs] = await timed(() =>
      copyIn(
        client,
        'copy ledger_accounts (member_id, wallet, asset, no_overdraft) from stdin',
        copyText(1, n, (i) => `${id(i)}\treward\tUSDT\tt\n`),
      ),
    );
    const [, indexMs] = await timed(async () => {
      for (const index of indexes.rows) await client.query(index.def);
    });
    await client.query(
      `insert into member_stats (member_id, left_count, right_count, direct_count, sponsor_team_count)
       values ($1, $2, $3, $4, $5)`,
      [rootId, left[0], right[0], direct[0], ssize[0]! - 1],
    );
    await client.query(
      `select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`,
    );
    log(
      `  COPY members ${(membersMs / 1000).toFixed(1)} s, stats ${(statsMs / 1000).toFixed(1)} s, accounts ${(accountsMs / 1000).toFixed(1)} s; ${indexes.rows.length} indexes built in ${(indexMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.query('reset session_replication_role').catch(() => {});
    await client.query('reset maintenance_work_mem').catch(() => {});
    client.release();
  }
  return {
    id,
    layout: l,
    midDepth: depth[bushyAt(Math.floor(l.bushy / 2))]!,
    demoDepth: depth[demoAt(l, l.demo)]!,
  };
}
