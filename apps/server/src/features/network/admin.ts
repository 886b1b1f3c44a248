import { formatAmount, type PlanSettings, type Rank } from '@mp/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../platform/audit.ts';
import { setStatus } from '../../platform/member-store.ts';
import type { Sessions } from '../../platform/session-store.ts';
import { todayOf } from '../../platform/dates.ts';
import { upline } from './bonus.ts';
import { type LegRow, legFigures, unpairedColumns, usd } from './figures.ts';
import { compilePlan, DEFAULT_PLAN, planVersions, share, VOLUME_ASSET } from './plan.ts';
import { recomputeRanks } from './ranks.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

type MemberRow = {
  id: string;
  userid: string;
  name: string;
  email: string | null;
  mobile: string | null;
  rank: Rank;
  status: 'active' | 'frozen';
  kyc_state: string;
  created_at: Date;
  sponsor: string | null;
};

const memberView = (r: MemberRow) => ({
  userid: r.userid,
  name: r.name,
  email: r.email ?? '',
  mobile: r.mobile ?? '',
  rank: r.rank,
  status: r.status,
  kyc_state: r.kyc_state,
  joined: iso(r.created_at),
  sponsor: r.sponsor ?? '',
});

/** Members newest first; the keyword matches the start of a userid or e-mail, or of a mobile number. */
export async function memberList(
  db: Db,
  f: { keyword?: string; status?: 'active' | 'frozen'; page: number; pagesize: number },
) {
  const kw = f.keyword?.toLowerCase().replace(/[%_\\]/g, '\\$&');
  const where = sql.join(
    [
      sql`m.role = 'member'`,
      ...(f.status ? [sql`m.status = ${f.status}`] : []),
      ...(kw
        ? [
            sql`(lower(m.userid) like ${`${kw}%`} or lower(m.email) like ${`${kw}%`} or m.mobile like ${`${kw}%`})`,
          ]
        : []),
    ],
    sql` and `,
  );
  const [rows, total] = await Promise.all([
    sql<MemberRow>`select m.id::text, m.userid, m.name, m.email, m.mobile, m.rank, m.status, m.kyc_state,
        m.created_at, sp.userid sponsor
      from members m left join members sp on sp.id = m.sponsor_id where ${where}
      order by m.id desc limit ${f.pagesize} offset ${(f.page - 1) * f.pagesize}`.execute(db),
    sql<{ n: string }>`select count(*)::text n from members m where ${where}`.execute(db),
  ]);
  return {
    list: rows.rows.map(memberView),
    page: f.page,
    pagesize: f.pagesize,
    total: Number(total.rows[0]?.n ?? 0),
  };
}

export async function memberDetail(db: Db, userid: string) {
  const r = await sql<
    MemberRow & {
      placement: string | null;
      side: string | null;
      tel_prefix: string | null;
      role: string;
      personal_volume: string | null;
      direct_count: string | null;
    } & LegRow
  >`select m.id::text, m.userid, m.name, m.email, m.mobile, m.tel_prefix, m.role, m.rank, m.status, m.kyc_state,
      m.created_at, sp.userid sponsor, pp.userid placement, m.side, s.personal_volume::text, s.direct_count::text,
      ${unpairedColumns}
    from members m left join members sp on sp.id = m.sponsor_id left join members pp on pp.id = m.placement_parent_id
    left join member_stats s on s.member_id = m.id
    where lower(m.userid) = lower(${userid})`.execute(db);
  const m = r.rows[0];
  if (!m) throw fieldRefusal(404, 'userid', 'member_not_found');
  const [wallets, ranks, statuses] = await Promise.all([
    sql<{ wallet: string; asset: string; balance: string; available: string }>`
      select wallet, asset, (credits_posted - debits_posted)::text balance,
        (credits_posted - debits_posted - debits_pending)::text available
      from ledger_accounts where member_id = ${m.id}::bigint order by wallet, asset`.execute(db),
    db
      .selectFrom('rank_changes')
      .select(['from_rank', 'to_rank', 'reason', 'created_at'])
      .where('member_id', '=', m.id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    sql<{ action: string; reason: string; by: string | null; created_at: Date }>`
      select a.action, coalesce(a.details->>'reason', '') reason, b.userid by, a.created_at
      from audit_log a left join members b on b.id = a.actor_id
      where a.target = ${`member:${m.userid}`} and a.action in ('member.freeze', 'member.unfreeze')
      order by a.id desc limit 50`.execute(db),
  ]);
  return {
    ...memberView(m),
    placement: m.placement ?? '',
    side: m.side ?? '',
    tel_prefix: m.tel_prefix ?? '',
    role: m.role,
    wallets: wallets.rows.map((w) => ({
      wallet: w.wallet,
      asset: w.asset,
      balance: money(w.balance, w.asset),
      available: money(w.available, w.asset),
    })),
    personal_volume: usd(m.personal_volume),
    direct_count: Number(m.direct_count ?? 0),
    ...legFigures(m),
    rank_history: ranks.map((x) => ({
      from: x.from_rank,
      to: x.to_rank,
      reason: x.reason,
      at: iso(x.created_at),
    })),
    status_history: statuses.rows.map((x) => ({
      action: x.action.replace('member.', ''),
      reason: x.reason,
      by: x.by ?? '',
      at: iso(x.created_at),
    })),
  };
}

/** Freezes or unfreezes a member, once: the status changes only from the other state; audited. */
export async function setMemberStatus(
  db: Db,
  sessions: Sessions,
  actorId: string,
  input: { userid: string; action: 'freeze' | 'unfreeze'; reason: string },
) {
  const to = input.action === 'freeze' ? 'frozen' : 'active';
  const target = await db
    .selectFrom('members')
    .select(['id', 'userid', 'role', 'sponsor_id', 'status'])
    .where(sql`lower(userid)`, '=', input.userid.toLowerCase())
    .executeTakeFirst();
  if (!target) throw fieldRefusal(404, 'userid', 'member_not_found');
  if (target.role !== 'member' || target.sponsor_id === null) throw new Refusal(409, 'member_status_admin');
  await inTransaction(db, async (tx) => {
    if (!(await setStatus(tx, target.id, to, new Date())))
      throw new Refusal(409, to === 'frozen' ? 'member_already_frozen' : 'member_not_frozen');
    await audit(tx, actorId, `member.${input.action}`, `member:${target.userid}`, { reason: input.reason });
  });
  // A frozen member is signed out everywhere; sessions also refuse a frozen member when read.
  if (to === 'frozen') await sessions.revokeAll(target.id);
  else sessions.refresh(target.id);
  return { userid: target.userid, status: to as 'active' | 'frozen' };
}

/** The bonuses the plan pays, each a transfer from bonus expense (a reversal, `bonus_reversal`, goes back to it). */
const BONUS_KINDS = ['bonus_sponsor', 'bonus_level', 'bonus_pairing'];

/**
 * The admin's figures for today, each read without a scan of a table that grows with the business:
 * - members signed up: the roots' sponsor teams (member_stats, moved by the propagator in the transaction that clears
 *   a member's tree_pending) and those not yet propagated (an index of them); a count of the members table took
 *   0.7 s at 10 million members (bench/tree). Only members sign up under a sponsor; the company root and the admins
 *   have none;
 * - mining income: the day's run of the mining income job (MINING_INCOME_JOB), whose record adds up what each batch
 *   paid per asset in the batch's own transaction, so it is exact; USDT only (a package may settle in another asset).
 *   Not a sum of mining_income, whose key leads with the order and which grows by a row per mining order each day;
 * - bonuses: bonus expense's transfers of each bonus kind in the day (an index range each, as many rows as the day's
 *   bonuses), not a scan of every transfer for their kind.
 */
export async function dashboard(db: Db, clock: Clock) {
  const date = todayOf(clock);
  const r = await sql<{
    members_total: string;
    members_today: string;
    pending_withdrawals: string;
    pending_withdrawal_amount: string;
    pending_kyc: string;
    volume_today: string;
    purchases_today: string;
    bonuses_today: string;
    mining_today: string;
  }>`select
      ((select coalesce(sum(s.sponsor_team_count), 0) from members r join member_stats s on s.member_id = r.id
          where r.sponsor_id is null)
        + (select count(*) from members where tree_pending and role = 'member' and sponsor_id is not null))::text
        members_total,
      (select count(*) from members where role = 'member' and sponsor_id is not null and created_at >= ${date}::date
        and created_at < ${date}::date + 1)::text members_today,
      (select count(*) from withdrawals where status = 'pending')::text pending_withdrawals,
      (select coalesce(sum(amount), 0) from withdrawals where status = 'pending')::text pending_withdrawal_amount,
      (select count(*) from kyc_submissions where status = 'pending')::text pending_kyc,
      (select coalesce(sum(volume), 0) from purchases where asset = ${VOLUME_ASSET} and created_at >= ${date}::date
        and created_at < ${date}::date + 1)::text volume_today,
      (select count(*) from purchases where created_at >= ${date}::date and created_at < ${date}::date + 1)::text purchases_today,
      (select coalesce(sum(t.amount), 0) from ledger_transfers t
        where t.debit_account_id = (select id from ledger_accounts where platform = 'bonus_expense'
          and asset = ${VOLUME_ASSET})
        and t.kind = any(${BONUS_KINDS}::text[])
        and t.created_at >= ${date}::date and t.created_at < ${date}::date + 1)::text bonuses_today,
      (select coalesce((select amounts->>${VOLUME_ASSET} from job_runs
        where job = 'mining_income' and run_date = ${date}::date), '0'))::text mining_today`.execute(db);
  const x = r.rows[0]!;
  return {
    date,
    members_total: Number(x.members_total),
    members_today: Number(x.members_today),
    pending_withdrawals: Number(x.pending_withdrawals),
    pending_withdrawal_amount: usd(x.pending_withdrawal_amount),
    pending_kyc: Number(x.pending_kyc),
    volume_today: usd(x.volume_today),
    purchases_today: Number(x.purchases_today),
    bonuses_today: usd(x.bonuses_today),
    mining_income_today: usd(x.mining_today),
  };
}

export async function planView(db: Db) {
  const versions = await planVersions(db);
  const head = versions[0];
  const meta = (v: (typeof versions)[number]) => ({
    version: v.version,
    note: v.note,
    created_by: v.userid ?? '',
    created_at: iso(v.created_at),
  });
  // The built-in defaults are version 0: in force until the first save, and the oldest entry of the history.
  const defaults = { version: 0, note: 'defaults', created_by: '', created_at: iso(new Date(0)) };
  return {
    current: head
      ? { ...meta(head), settings: head.settings as PlanSettings }
      : { ...defaults, settings: DEFAULT_PLAN },
    history: [...versions.map(meta), defaults],
  };
}

/** Saves a checked plan as the next version and recomputes every member's rank under it; audited. */
export async function savePlan(db: Db, actorId: string, settings: PlanSettings, note: string) {
  const checked = compilePlan(settings);
  return inTransaction(db, async (tx) => {
    // One save at a time, so versions follow each other and ranks follow the newest.
    await sql`select pg_advisory_xact_lock(hashtext('plan:save'))`.execute(tx);
    const row = await tx
      .insertInto('plan_versions')
      .values({ settings: JSON.stringify(settings), note, created_by: actorId })
      .returning(['version', 'created_at'])
      .executeTakeFirstOrThrow();
    const changed = await recomputeRanks(
      tx,
      { ...checked, version: row.version },
      'all',
      `plan v${row.version}`,
    );
    await audit(tx, actorId, 'plan.save', `plan:${row.version}`, { note, ranks_changed: changed });
    const by = await tx.selectFrom('members').select('userid').where('id', '=', actorId).executeTakeFirst();
    return {
      version: row.version,
      note,
      created_by: by?.userid ?? '',
      created_at: iso(row.created_at),
      ranks_changed: changed,
    };
  });
}

/** What a purchase of `amount` would pay under a draft plan: nothing is saved or paid. */
export async function previewPlan(db: Db, settings: PlanSettings, amountText: string, buyer?: string) {
  const plan = compilePlan(settings);
  const amount = parseMoney(amountText, VOLUME_ASSET);
  const upline = buyer ? await buyerUpline(db, buyer, plan.levelBps.length) : null;
  // Without a buyer every level is shown as if filled; with one, only the members who would earn.
  const who = (level: number) => {
    if (!upline) return { userid: '', earns: true };
    const u = upline.find((x) => x.level === level);
    return { userid: u?.userid ?? '', earns: u?.earns ?? false };
  };
  type Line = {
    type: 'sponsor' | 'pairing' | 'level';
    level: number;
    userid: string;
    amount: bigint;
    note: string;
  };
  const lines: Line[] = [];
  const sponsor = who(1);
  if (sponsor.earns)
    lines.push({
      type: 'sponsor',
      level: 0,
      userid: sponsor.userid,
      amount: share(amount, plan.sponsorBps),
      note: `${settings.sponsor_percent}%`,
    });
  plan.levelBps.forEach((bps, i) => {
    const w = who(i + 1);
    if (w.earns)
      lines.push({
        type: 'level',
        level: i + 1,
        userid: w.userid,
        amount: share(amount, bps),
        note: `${settings.level_percents[i]}%`,
      });
  });
  const perPair = share(plan.unit, plan.pairingBps);
  const pairs = amount / plan.unit;
  lines.push({
    type: 'pairing',
    level: 0,
    userid: '',
    amount: pairs * perPair,
    note: `${pairs} x ${usd(perPair)} (${settings.pairing_percent}% of ${usd(plan.unit)})`,
  });
  const total = lines.reduce((sum, l) => sum + l.amount, 0n);
  return {
    lines: lines.map((l) => ({ ...l, amount: usd(l.amount) })),
    total: usd(total),
    percent_of_amount: formatAmount((total * 10_000n) / amount, 2, 2),
  };
}

async function buyerUpline(db: Db, buyer: string, levels: number) {
  const b = await db
    .selectFrom('members')
    .select('id')
    .where(sql`lower(userid)`, '=', buyer.toLowerCase())
    .executeTakeFirst();
  if (!b) throw fieldRefusal(404, 'buyer', 'member_not_found');
  return upline(db, b.id, levels);
}
