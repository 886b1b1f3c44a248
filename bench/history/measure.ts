/**
 * bench/history's reads: what a member's screens ask of the ledger, by the server's own functions, timed one call at
 * a time (p50, p99, max), for ordinary members (a different one each sample) and for the leaders (the ten members
 * with the most bonus transfers).
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';
import { dashboard } from '../../apps/server/src/features/network/admin.ts';
import { infoPoolOf } from '../../apps/server/src/features/shop/sales.ts';
import { movementRecords } from '../../apps/server/src/features/wallet/balances.ts';
import { bonusRecords, bonusTotals } from '../../apps/server/src/features/wallet/bonus.ts';
import { historyRollUpTask } from '../../apps/server/src/features/wallet/history-task.ts';
import { memberRecords } from '../../apps/server/src/features/wallet/records.ts';
import { createLedger } from '../../apps/server/src/ledger/index.ts';
import { LEADERS, type Layout, memberId, transferTime } from './fill.ts';
import { rng } from '../common.ts';

export const TARGET_MS = 20;

export type Figure = { label: string; p50: number; p99: number; max: number; rows?: string };

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? 0 };
}

export const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const day = (d: Date) => d.toISOString().slice(0, 10);

/** One read of a member's screens: its name and the call (member id in, something with `total` or not out). */
type Read = { label: string; run: (id: string) => Promise<unknown> };

/** The clock of the reads: a minute after the last transfer. */
const clockAfter = (l: Layout, transfers: number) => {
  const now = new Date(transferTime(l, transfers).getTime() + 60_000);
  return { now: () => now };
};

function readsFor(db: Db, l: Layout, transfers: number): { member: Read[]; leader: Read[] } {
  const ledger = createLedger(db);
  const clock = clockAfter(l, transfers);
  // A date range in the middle of what exists: up to 30 days (a quarter of the span when that is shorter).
  const span = transferTime(l, transfers).getTime() - l.start;
  const from = new Date(l.start + span / 2);
  const days = Math.max(1, Math.min(30, Math.floor(span / 86_400_000 / 4)));
  const range = { from: day(from), to: day(new Date(from.getTime() + (days - 1) * 86_400_000)) };
  const page = (n: number) => ({ page: n, pagesize: 10 });
  const history: Read[] = [
    { label: 'balances (Asset/getwalletbalance)', run: (id) => ledger.memberBalances(db, id) },
    { label: 'history, page 1', run: (id) => memberRecords(db, { memberId: id, ...page(1) }) },
    { label: 'history, page 5', run: (id) => memberRecords(db, { memberId: id, ...page(5) }) },
    {
      label: 'history, one kind (transfer)',
      run: (id) => memberRecords(db, { memberId: id, kinds: ['transfer'], ...page(1) }),
    },
    {
      label: `history, ${days} day(s) from ${range.from}`,
      run: (id) => memberRecords(db, { memberId: id, ...range, ...page(1) }),
    },
    {
      label: 'wallet screen (reward wallet, 5 latest)',
      run: (id) => memberRecords(db, { memberId: id, wallet: 'reward', page: 1, pagesize: 5 }),
    },
    { label: 'movements (asset/walletrecord2)', run: (id) => movementRecords(db, id, page(1)) },
    { label: 'bonus totals (asset/bonussummary)', run: (id) => bonusTotals(db, id, clock.now()) },
    { label: 'bonus records, page 1', run: (id) => bonusRecords(db, { memberId: id, ...page(1) }) },
  ];
  const leaderOnly: Read[] = [
    { label: 'bonus records, page 5', run: (id) => bonusRecords(db, { memberId: id, ...page(5) }) },
    {
      label: `bonus records, pairing, ${days} day(s)`,
      run: (id) => bonusRecords(db, { memberId: id, type: 'pairing', ...range, ...page(1) }),
    },
    { label: 'pool screen bonus totals (shop/sales.ts)', run: (id) => infoPoolOf(db, clock, id) },
  ];
  return { member: history, leader: [...history, ...leaderOnly] };
}

async function sample(reads: Read[], ids: string[]): Promise<{ figures: Figure[]; totals: number[] }> {
  const times = reads.map(() => [] as number[]);
  const totals: number[] = [];
  for (const id of ids) {
    for (const [i, read] of reads.entries()) {
      const start = performance.now();
      const result = await read.run(id);
      times[i]!.push(performance.now() - start);
      if (i === 1) totals.push((result as { total: number }).total);
    }
  }
  return { figures: reads.map((r, i) => ({ label: r.label, ...stats(times[i]!) })), totals };
}

const verdict = (p99: number) => (p99 < TARGET_MS ? 'OK' : 'OVER');

function print(log: (m: string) => void, who: string, figures: Figure[]) {
  log(`  ${who}:`);
  for (const f of figures)
    log(
      `    ${f.label.padEnd(44)} p50 ${ms(f.p50).padStart(9)}  p99 ${ms(f.p99).padStart(9)}  max ${ms(f.max).padStart(9)}  ${verdict(f.p99)}`,
    );
}

/** Every read for `samples` ordinary members and `samples` leader samples; prints and returns the figures. */
export async function measure(
  db: Db,
  l: Layout,
  transfers: number,
  samples: number,
  log: (m: string) => void,
): Promise<{ member: Figure[]; leader: Figure[] }> {
  const reads = readsFor(db, l, transfers);
  const rand = rng(transfers);
  // Ordinary members: from the 10% mark of the skew on (the first ones are the busiest).
  const low = Math.floor(l.members / 10);
  const members = Array.from({ length: samples }, () =>
    memberId(l, low + Math.floor(rand() * (l.members - low))),
  );
  const leaders = Array.from({ length: samples }, (_, i) => memberId(l, 1 + (i % LEADERS)));
  log(`  load average before: ${load()}`);
  // The server's task rolls the busiest members up ahead of their reads: one pass, as after the fill's days.
  const pass = performance.now();
  const rolled = await historyRollUpTask(db).step();
  log(
    `  the roll-up ahead of reads (features/wallet/history-task.ts): ${rolled} members in ${((performance.now() - pass) / 1000).toFixed(1)} s`,
  );
  // A leader's first count rolls up what the pass left (features/wallet/history.ts), once: timed apart.
  const first: number[] = [];
  for (let n = 1; n <= LEADERS; n++) {
    const start = performance.now();
    await reads.leader[1]!.run(memberId(l, n));
    first.push(performance.now() - start);
  }
  log(
    `  first history read of each of the ${LEADERS} leaders after it (rolls up any complete day not yet rolled up): ${first.map((x) => ms(x)).join(', ')}`,
  );
  const m = await sample(reads.member, members);
  const h = await sample(reads.leader, leaders);
  const avg = m.totals.reduce((a, b) => a + b, 0) / Math.max(1, m.totals.length);
  log(
    `  history sizes: ordinary members ${Math.min(...m.totals)}..${Math.max(...m.totals)} rows (mean ${avg.toFixed(0)}); leaders ${Math.min(...h.totals)}..${Math.max(...h.totals)} rows`,
  );
  print(log, `ordinary members (${samples} different ones)`, m.figures);
  print(log, `leaders (${samples} samples over ${LEADERS})`, h.figures);
  // The admin's home: today's figures, the bonuses of the last day among them (the members' counts aside, a read of
  // the members table).
  const clock = clockAfter(l, transfers);
  const admin: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await dashboard(db, clock);
    admin.push(performance.now() - start);
  }
  print(log, 'the admin (20 samples)', [
    { label: "dashboard (Admin/dashboard: today's bonuses)", ...stats(admin) },
  ]);
  log(`  load average after: ${load()}`);
  return { member: m.figures, leader: h.figures };
}

/** The ledger tables' and their indexes' sizes on disk. */
export async function sizes(db: Db): Promise<{ name: string; bytes: number }[]> {
  const r = await sql<{ name: string; bytes: string }>`
    select c.relname name, pg_relation_size(c.oid)::text bytes from pg_class c
    where c.relname in ('ledger_transfers', 'ledger_operations', 'ledger_accounts', 'ledger_history_days')
    union all
    select i.relname, pg_relation_size(i.oid)::text from pg_index x join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
    where t.relname in ('ledger_transfers', 'ledger_operations', 'ledger_history_days')
    order by 1`.execute(db);
  return r.rows.map((x) => ({ name: x.name, bytes: Number(x.bytes) }));
}

export const gb = (bytes: number) =>
  bytes >= 1 << 30 ? `${(bytes / 2 ** 30).toFixed(2)} GB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
