import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertBareMember, uniqueUserid } from '../../../test/helpers.ts';
import { ROLLUP_AFTER, rollUpHistory } from './history.ts';
import { busyMembers, historyRollUpTask } from './history-task.ts';
import { bonusNet, bonusRecords, bonusTotals } from './bonus.ts';
import { memberRecords } from './records.ts';

/**
 * The history's reads (history.ts) against the plain reading they replace: every transfer of the member's accounts
 * filtered, sorted and counted in full. Transfers on past days are written here directly (the ledger stamps each
 * transfer with its transaction's start, so it cannot make them); nothing here checks balances.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const today = () => new Date(Math.floor(Date.now() / DAY) * DAY);

async function account(member: string, wallet: string, asset = 'USDT') {
  await sql`insert into ledger_accounts (member_id, wallet, asset, no_overdraft) values (${member}, ${wallet}, ${asset}, true)
    on conflict do nothing`.execute(t.db);
  const r = await sql<{ id: string }>`select id from ledger_accounts
    where member_id = ${member} and wallet = ${wallet} and asset = ${asset}`.execute(t.db);
  return r.rows[0]!.id;
}

type Row = {
  debit: string;
  credit: string;
  kind: string;
  at: Date;
  flags?: string;
  pending?: string;
  amount?: number;
  reference?: string;
};

async function write(rows: Row[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const x = await sql<{
      id: string;
    }>`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id,
        amount, asset, kind, flags, pending_id, debit_balance_after, credit_balance_after, reference, created_at)
      values (1, ${r.debit}, ${r.credit}, ${r.amount ?? 1_000_000}, 'USDT', ${r.kind}, ${r.flags ?? 'posted'},
        ${r.pending ?? null}, 0, 0, ${r.reference ?? ''}, ${r.at}) returning id`.execute(t.db);
    ids.push(x.rows[0]!.id);
  }
  return ids;
}

/** The plain reading: the member's shown transfers (of some accounts, kinds and days), newest first. */
async function plain(
  accounts: string[],
  o: { kinds?: string[]; from?: Date; to?: Date; posted?: boolean } = {},
) {
  const r = await sql<{ id: string }>`select id from ledger_transfers
    where ${o.posted ? sql`flags = 'posted'` : sql`flags in ('posted', 'pending')`}
      and (debit_account_id = any(${accounts}::bigint[]) or credit_account_id = any(${accounts}::bigint[]))
      ${o.kinds ? sql`and kind = any(${o.kinds}::text[])` : sql``}
      ${o.from ? sql`and created_at >= ${o.from}` : sql``} ${o.to ? sql`and created_at < ${o.to}` : sql``}
    order by created_at desc, id desc`.execute(t.db);
  return r.rows.map((x) => x.id);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A member with four wallets and a life over the last nine days; `extra` more transfers a day into its reward. */
async function busyMember(extra = 0) {
  const me = await insertBareMember(t, uniqueUserid('hist'));
  const other = await insertBareMember(t, uniqueUserid('peer'));
  const [deposit, trading, reward, funds] = await Promise.all(
    ['deposit', 'trading', 'reward', 'funds'].map((w) => account(me, w)),
  );
  const outside = await account(other, 'funds');
  const rows: Row[] = [];
  for (let d = 9; d >= 0; d--) {
    const at = (h: number) => new Date(today().getTime() - d * DAY + h * 3_600_000 + 1000);
    rows.push(
      { debit: outside, credit: deposit!, kind: 'deposit', at: at(1) },
      // Between two of the member's wallets: shown once.
      { debit: deposit!, credit: trading!, kind: 'wallet_move', at: at(2) },
      { debit: funds!, credit: outside, kind: 'transfer', at: at(3) },
      { debit: outside, credit: funds!, kind: 'transfer', at: at(3) },
      { debit: outside, credit: reward!, kind: 'bonus_sponsor', at: at(4), amount: 1000 + d },
      {
        debit: outside,
        credit: reward!,
        kind: 'bonus_pairing',
        at: at(5),
        amount: 7,
        reference: `pairing:${day(at(0))}`,
      },
    );
    for (let i = 0; i < extra; i++)
      rows.push({ debit: outside, credit: reward!, kind: 'bonus_level', at: at(6), amount: 3 });
  }
  await write(rows);
  // A hold settled (posted), one voided, one still pending: each shows once, the settlements not at all.
  const holdAt = new Date(today().getTime() - 3 * DAY + 7_200_000);
  const holds = await write(
    [0, 1, 2].map(() => ({
      debit: deposit!,
      credit: outside,
      kind: 'withdraw',
      at: holdAt,
      flags: 'pending',
    })),
  );
  await write([
    {
      debit: deposit!,
      credit: outside,
      kind: 'withdraw',
      at: holdAt,
      flags: 'post_pending',
      pending: holds[0],
    },
    {
      debit: deposit!,
      credit: outside,
      kind: 'withdraw',
      at: holdAt,
      flags: 'void_pending',
      pending: holds[1],
    },
  ]);
  return { me, accounts: { deposit: deposit!, trading: trading!, reward: reward!, funds: funds! }, holds };
}

type Member = Awaited<ReturnType<typeof busyMember>>;

/** Every page of every filter read back as the plain reading has it. */
async function expectSameAsPlain(m: Member) {
  const all = Object.values(m.accounts);
  const from = new Date(today().getTime() - 6 * DAY);
  const to = new Date(today().getTime() - 2 * DAY);
  const cases = [
    { filter: {}, accounts: all, o: {} },
    { filter: { wallet: 'trading' }, accounts: [m.accounts.trading], o: {} },
    { filter: { wallet: 'deposit' }, accounts: [m.accounts.deposit], o: {} },
    {
      filter: { kinds: ['transfer', 'wallet_move'] },
      accounts: all,
      o: { kinds: ['transfer', 'wallet_move'] },
    },
    {
      filter: { from: day(from), to: day(to) },
      accounts: all,
      o: { from, to: new Date(to.getTime() + DAY) },
    },
    { filter: { kinds: ['withdraw'], from: day(from) }, accounts: all, o: { kinds: ['withdraw'], from } },
  ];
  for (const c of cases) {
    const expected = await plain(c.accounts, c.o);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 7) + 1; page++) {
      const r = await memberRecords(t.db, { memberId: m.me, ...c.filter, page, pagesize: 7 });
      expect(r.total, JSON.stringify(c.filter)).toBe(expected.length);
      seen.push(...r.list.map((x) => x.id));
    }
    expect(seen, JSON.stringify(c.filter)).toEqual(expected);
  }
}

describe('a member history read by account, kind and time', () => {
  it('pages, filters and counts as the plain reading does, before and after the complete days are rolled up', async () => {
    const m = await busyMember();
    await expectSameAsPlain(m);
    const through = await rollUpHistory(t.db, m.me);
    expect(through && day(through)).toBe(day(today()));
    await expectSameAsPlain(m);
    // Today's transfers are not rolled up: more of them count as they come.
    await write([
      { debit: m.accounts.deposit, credit: m.accounts.funds, kind: 'wallet_move', at: new Date() },
    ]);
    await expectSameAsPlain(m);
  });

  it('shows each hold once with the state it reached', async () => {
    const m = await busyMember();
    const r = await memberRecords(t.db, { memberId: m.me, kinds: ['withdraw'], page: 1, pagesize: 10 });
    const state = Object.fromEntries(r.list.map((x) => [x.id, x.status]));
    expect(state).toEqual({ [m.holds[0]!]: 'posted', [m.holds[1]!]: 'voided', [m.holds[2]!]: 'pending' });
  });

  it(`rolls a member up once more than ${ROLLUP_AFTER} transfers are not, and counts the same`, async () => {
    const m = await busyMember(Math.ceil(ROLLUP_AFTER / 9));
    const expected = await plain(Object.values(m.accounts));
    const r = await memberRecords(t.db, { memberId: m.me, page: 1, pagesize: 10 });
    expect(r.total).toBe(expected.length);
    const rolled = await sql<{ through: string; days: string }>`select r.through::text,
        (select count(*) from ledger_history_days d join ledger_accounts a on a.id = d.account_id
          where a.member_id = r.member_id)::text days
      from ledger_history_rollups r where r.member_id = ${m.me}`.execute(t.db);
    expect(rolled.rows[0]?.through).toBe(day(today()));
    expect(Number(rolled.rows[0]?.days)).toBeGreaterThan(0);
    await expectSameAsPlain(m);
  });

  it('inside a transaction counts every transfer itself and rolls nothing up', async () => {
    const m = await busyMember(Math.ceil(ROLLUP_AFTER / 9));
    const total = await t.db
      .transaction()
      .execute(async (tx) => (await memberRecords(tx, { memberId: m.me, page: 1, pagesize: 10 })).total);
    expect(total).toBe((await plain(Object.values(m.accounts))).length);
    const rolled = await sql`select 1 from ledger_history_rollups where member_id = ${m.me}`.execute(t.db);
    expect(rolled.rows).toHaveLength(0);
  });
});

describe('bonus totals and records', () => {
  /** The plain sums: all time, from the month's first day, from today. */
  async function plainSums(reward: string, now: Date) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const r = await sql<{ kind: string; total: string; this_month: string; today: string }>`
      select kind, sum(amount)::text total, coalesce(sum(amount) filter (where created_at >= ${month}), 0)::text this_month,
        coalesce(sum(amount) filter (where created_at >= ${today()}), 0)::text today
      from ledger_transfers where credit_account_id = ${reward} and kind like 'bonus\\_%' and flags = 'posted'
      group by kind order by kind`.execute(t.db);
    return r.rows;
  }

  async function expectBonusSameAsPlain(m: Member) {
    const now = new Date();
    const sums = await plainSums(m.accounts.reward, now);
    const totals = await bonusTotals(t.db, m.me, now);
    const minor = (v: string) => String(Math.round(Number(v) * 1e6));
    for (const s of sums) {
      const row = totals.list.find((x) => `bonus_${x.type}` === s.kind)!;
      expect([minor(row.total), minor(row.month), minor(row.today)], s.kind).toEqual([
        s.total,
        s.this_month,
        s.today,
      ]);
    }
    const from = new Date(today().getTime() - 5 * DAY);
    for (const f of [{}, { type: 'sponsor' as const }, { type: 'pairing' as const, from: day(from) }]) {
      const kinds = 'type' in f ? [`bonus_${f.type}`] : ['bonus_sponsor', 'bonus_pairing', 'bonus_level'];
      const expected = await plain([m.accounts.reward], {
        kinds,
        posted: true,
        ...('from' in f ? { from } : {}),
      });
      const r = await bonusRecords(t.db, { memberId: m.me, ...f, page: 2, pagesize: 4 });
      expect(r.total, JSON.stringify(f)).toBe(expected.length);
      expect(
        r.list.map((x) => x.id),
        JSON.stringify(f),
      ).toEqual(expected.slice(4, 8));
      expect(r.list.every((x) => x.wallet === 'reward')).toBe(true);
    }
  }

  it('sum and list the bonuses as the plain reading does, before and after the roll-up', async () => {
    const m = await busyMember(3);
    await expectBonusSameAsPlain(m);
    await rollUpHistory(t.db, m.me);
    await expectBonusSameAsPlain(m);
    await write([
      {
        debit: m.accounts.funds,
        credit: m.accounts.reward,
        kind: 'bonus_sponsor',
        at: new Date(),
        amount: 5,
      },
    ]);
    await expectBonusSameAsPlain(m);
  });

  it(`roll a member up once more than ${ROLLUP_AFTER} bonuses are not`, async () => {
    const m = await busyMember(Math.ceil(ROLLUP_AFTER / 9));
    await expectBonusSameAsPlain(m);
    const rolled = await sql`select 1 from ledger_history_rollups where member_id = ${m.me}`.execute(t.db);
    expect(rolled.rows).toHaveLength(1);
  });
  it('give the pairing pool its bonuses less those taken back, as the plain reading does, before and after the roll-up', async () => {
    const m = await busyMember(3);
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    // Bonuses taken back (a cancelled order's): debits of the reward account, on past days and today.
    await write(
      [8, 3, 0].map((ago) => ({
        debit: m.accounts.reward,
        credit: m.accounts.funds,
        kind: 'bonus_reversal',
        at: new Date(today().getTime() - ago * DAY + 3_600_000),
        amount: 10 + ago,
      })),
    );
    const plainNet = async () => {
      const r = await sql<{ total: string; month: string }>`
        select coalesce(sum(v), 0)::text total, coalesce(sum(v) filter (where created_at >= ${month}), 0)::text as month
        from (select amount v, created_at from ledger_transfers where credit_account_id = ${m.accounts.reward}
            and kind in ('bonus_sponsor', 'bonus_level', 'bonus_pairing') and flags = 'posted'
          union all select -amount, created_at from ledger_transfers where debit_account_id = ${m.accounts.reward}
            and kind = 'bonus_reversal' and flags = 'posted') s`.execute(t.db);
      return { total: BigInt(r.rows[0]!.total), month: BigInt(r.rows[0]!.month) };
    };
    const expected = await plainNet();
    expect(expected.total).toBeGreaterThan(0n);
    expect(await bonusNet(t.db, m.me, month)).toEqual(expected);
    await rollUpHistory(t.db, m.me);
    const rolled = await sql`select 1 from ledger_history_days d join ledger_accounts a on a.id = d.account_id
      where a.member_id = ${m.me} and d.kind = 'bonus_reversal' and d.side = 'd'`.execute(t.db);
    expect(rolled.rows.length).toBeGreaterThan(0);
    expect(await bonusNet(t.db, m.me, month)).toEqual(expected);
  });
});

describe('the roll-up ahead of reads (history-task.ts)', () => {
  /** Counts the postings to the member's accounts as the ledger would have (each moves the account's version). */
  async function posted(member: string, n: number) {
    await sql`update ledger_accounts set version = version + ${n} where id = (select id from ledger_accounts
      where member_id = ${member} order by id limit 1)`.execute(t.db);
  }

  it(`rolls up the members past ${ROLLUP_AFTER} postings since their last roll-up, once, and leaves the others`, async () => {
    const busy = await busyMember(Math.ceil(ROLLUP_AFTER / 9));
    await posted(busy.me, ROLLUP_AFTER + 200);
    const quiet = await busyMember();
    await posted(quiet.me, 60);
    const due = await busyMembers(t.db, 100_000);
    expect(due).toContain(busy.me);
    expect(due).not.toContain(quiet.me);

    const task = historyRollUpTask(t.db);
    expect(await task.step()).toBeGreaterThanOrEqual(1);
    const rolled = await sql<{ member_id: string; through: string }>`select member_id::text, through::text
      from ledger_history_rollups where member_id = any(${[busy.me, quiet.me]}::bigint[])`.execute(t.db);
    expect(rolled.rows).toEqual([{ member_id: busy.me, through: day(today()) }]);
    // Rolled up, the member is no longer due, and the counts read the rolled-up days as the plain reading has them.
    expect(await busyMembers(t.db, 100_000)).not.toContain(busy.me);
    expect(await task.step()).toBe(0);
    await expectSameAsPlain(busy);

    // As many postings again make it due again.
    await posted(busy.me, ROLLUP_AFTER + 1);
    expect(await busyMembers(t.db, 100_000)).toContain(busy.me);
  });

  it('ends a pass after the member at hand when the server stops', async () => {
    const a = await busyMember();
    await posted(a.me, ROLLUP_AFTER + 5);
    const stopping = new AbortController();
    stopping.abort();
    expect(await historyRollUpTask(t.db).step(stopping.signal)).toBe(0);
    expect(await busyMembers(t.db, 100_000)).toContain(a.me);
  });
});
