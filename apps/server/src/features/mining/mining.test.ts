import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { packageBody } from '../../../test/mining.ts';
import { logInAs, newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import type { DailyJob } from '../../platform/scheduler.ts';
import { dailyJobs } from '../../jobs/registry.ts';
import { dailyTick } from '../../jobs/scheduler.ts';
import { createLedger } from '../../ledger/index.ts';
import { addDays, todayOf } from '../../platform/dates.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

const TX = '654321'; // the helpers' transaction password
const DAY = 24 * 3600_000;

type Pkg = { id: string; stock: number; sold: number };
type Order = {
  id: string;
  order_no: string;
  paid: string;
  discount: string;
  state: string;
  start_date: string;
};

async function newPackage(overrides: Record<string, unknown> = {}) {
  return t.ok<Pkg>('Admin/packagesave', packageBody(t, overrides), { token: admin });
}

/** A member whose identity verification an admin approved (the KYC review itself is tested with KYC). */
async function verifiedMember(funds = '1000') {
  const m = await newMember(t);
  await t.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
  if (funds !== '0') await fund(t, admin, m.userid, funds);
  return m;
}

const buy = (token: string, body: Record<string, unknown>) =>
  t.call<Order>(
    'asset/BuyProductSave',
    { quantity: 1, wallet: 'funds', agree: true, tx_password: TX, idempotency_key: newKey(), ...body },
    { token },
  );

const runJob = (date: string) =>
  t.call<{ items: number; items_now: number; amounts: { asset: string; amount: string }[]; status: string }>(
    'Admin/runjob',
    { job: 'mining_income', date },
    { token: admin },
  );

describe('mining purchase', () => {
  it('refuses a member whose identity is not verified, pointing to verification, and takes nothing', async () => {
    const p = await newPackage();
    const m = await newMember(t);
    await fund(t, admin, m.userid, '500');
    const res = await buy(m.token, { package_id: p.id });
    expect(res.http).toBe(403);
    expect(res.body.msg).toBe('Please complete identity verification (KYC) before subscribing to mining');
    expect(res.body.errors?.[0]?.field).toBe('kyc');
    expect((await balanceOf(t, m.token)).balance).toBe('500');
    const after = await t.ok<Pkg>('Mining/getinfob', { package_id: p.id }, { token: m.token });
    expect(after).toMatchObject({ stock: 100, sold: 0, kyc_state: 'none' });
  });

  it('refuses a purchase without the ticked agreement', async () => {
    const p = await newPackage();
    const m = await verifiedMember();
    const res = await buy(m.token, { package_id: p.id, agree: false });
    expect(res.http).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'agree', message: 'Please agree to the User Service Agreement before paying' },
    ]);
    expect((await balanceOf(t, m.token)).balance).toBe('1000');
  });

  it('refuses below the minimum order, a wrong transaction password and an unknown package', async () => {
    const p = await newPackage({ min_quantity: 2 });
    const m = await verifiedMember();
    expect((await buy(m.token, { package_id: p.id, quantity: 1 })).body).toMatchObject({
      code: 422,
      msg: 'The minimum order is 2',
    });
    expect(
      (await buy(m.token, { package_id: p.id, quantity: 2, tx_password: 'wrong1' })).body.errors?.[0]?.field,
    ).toBe('tx_password');
    expect((await buy(m.token, { package_id: '999999' })).http).toBe(404);
    expect((await balanceOf(t, m.token)).balance).toBe('1000');
  });

  it('pays, creates the order and its purchase record once, and answers a retry with the same order', async () => {
    const p = await newPackage();
    const m = await verifiedMember();
    const key = newKey();
    const first = await buy(m.token, { package_id: p.id, quantity: 2, idempotency_key: key });
    expect(first.body).toMatchObject({ status: 1, msg: 'Purchase successful' });
    expect(first.body.data).toMatchObject({
      capacity: '2 TH/s',
      price: '200',
      paid: '200',
      payment_method: 'funds',
      state: 'pending',
      daily_income: '2.4',
      start_date: addDays(todayOf(t.clock), 1),
    });
    const again = await buy(m.token, { package_id: p.id, quantity: 2, idempotency_key: key });
    expect(again.body.data).toEqual(first.body.data);
    expect((await balanceOf(t, m.token)).balance).toBe('800');
    const purchases = await t.db
      .selectFrom('purchases')
      .selectAll()
      .where('order_id', '=', first.body.data!.id)
      .execute();
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      source: 'mining',
      amount: '200000000',
      volume: '200000000',
      asset: 'USDT',
    });
    const orders = await t.ok<{ total: number; list: Order[] }>(
      'Member/OrderHistory',
      {},
      { token: m.token },
    );
    expect(orders.total).toBe(1);
    expect(orders.list[0]?.order_no).toBe(first.body.data?.order_no);
    expect((await t.ok<Pkg>('Mining/getinfob', { package_id: p.id }, { token: m.token })).stock).toBe(98);
  });

  it('never oversells: eight buyers race for the last three units and exactly three get one', async () => {
    const p = await newPackage({ stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => verifiedMember('100')));
    const results = await Promise.all(buyers.map((b) => buy(b.token, { package_id: p.id })));
    const won = results.filter((r) => r.body.status === 1);
    const lost = results.filter((r) => r.body.status !== 1);
    expect(won).toHaveLength(3);
    expect(lost.map((r) => r.http)).toEqual([409, 409, 409, 409, 409]);
    expect(lost[0]?.body.errors?.[0]?.field).toBe('quantity');
    const row = await t.db
      .selectFrom('mining_packages')
      .select(['stock', 'sold'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stock: 0, sold: 3 });
    const paid = await Promise.all(buyers.map((b) => balanceOf(t, b.token)));
    expect(paid.filter((b) => b.balance === '0')).toHaveLength(3);
    expect(paid.filter((b) => b.balance === '100')).toHaveLength(5);
  });

  it('applies a voucher once (discount rounded down), refuses its reuse, also when two purchases race for it', async () => {
    const p = await newPackage({ unit_price: '33.333333' });
    const m = await verifiedMember();
    const v = await t.ok<{ id: string; state: string }>(
      'Admin/voucherissue',
      { userid: m.userid, discount_percent: '10', expires_on: addDays(todayOf(t.clock), 7) },
      { token: admin },
    );
    expect(v.state).toBe('available');
    const preview = await t.ok<{ vouchers: { id: string }[]; pay_amount: string; discount: string }>(
      'Mining/ActivatePreview',
      { package_id: p.id, quantity: 1, voucher_id: v.id },
      { token: m.token },
    );
    expect(preview.vouchers.map((x) => x.id)).toEqual([v.id]);
    // 10% of 33.333333 is 3.3333333: the discount rounds down to 3.333333.
    expect(preview).toMatchObject({ discount: '3.333333', pay_amount: '30' });

    const [a, b] = await Promise.all([
      buy(m.token, { package_id: p.id, voucher_id: v.id }),
      buy(m.token, { package_id: p.id, voucher_id: v.id }),
    ]);
    const statuses = [a.body.status, b.body.status].sort();
    expect(statuses).toEqual([0, 1]);
    const loser = a.body.status === 1 ? b : a;
    expect(loser.http).toBe(409);
    expect(loser.body.errors?.[0]?.field).toBe('voucher_id');
    const again = await buy(m.token, { package_id: p.id, voucher_id: v.id });
    expect(again.body.msg).toBe('This voucher cannot be used: it is used, expired or not yours');
    expect((await balanceOf(t, m.token)).balance).toBe('970');
    const vouchers = await t.ok<{ list: { state: string; order_no: string }[] }>(
      'Member/getVouchers',
      {},
      { token: m.token },
    );
    expect(vouchers.list[0]?.state).toBe('used');
    expect(vouchers.list[0]?.order_no).toMatch(/^M\d{16}$/);
  });

  it("refuses an expired voucher and another member's voucher", async () => {
    const p = await newPackage();
    const m = await verifiedMember();
    const other = await verifiedMember();
    const v = await t.ok<{ id: string }>(
      'Admin/voucherissue',
      { userid: m.userid, discount_percent: '5', expires_on: todayOf(t.clock) },
      { token: admin },
    );
    expect((await buy(other.token, { package_id: p.id, voucher_id: v.id })).http).toBe(409);
    t.clock.advance(DAY);
    try {
      expect((await buy(m.token, { package_id: p.id, voucher_id: v.id })).http).toBe(409);
    } finally {
      t.clock.advance(-DAY);
    }
    expect((await balanceOf(t, m.token)).balance).toBe('1000');
  });
});

describe('daily mining income', () => {
  it('refuses a date after today unless ALLOW_FUTURE_JOBS is set, and a date that is not one', async () => {
    const tomorrow = addDays(todayOf(t.clock), 1);
    const res = await runJob(tomorrow);
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe('A daily job cannot run for a date after today');
    expect((await runJob('2026-02-30')).body.errors?.[0]?.field).toBe('date');
    t.deps.config.allowFutureJobs = true;
    try {
      expect((await runJob(tomorrow)).body.status).toBe(1);
    } finally {
      t.deps.config.allowFutureJobs = false;
    }
    const member = await newMember(t);
    expect(
      (await t.call('Admin/runjob', { job: 'mining_income', date: tomorrow }, { token: member.token })).http,
    ).toBe(403);
  });

  it('pays each order once for a date, whether the job is run twice or by two runners at once', async () => {
    const p = await newPackage({ daily_profit: '2', daily_fee: '0.5' });
    const members = await Promise.all(Array.from({ length: 3 }, () => verifiedMember('200')));
    for (const m of members)
      expect((await buy(m.token, { package_id: p.id, quantity: 2 })).body.status).toBe(1);
    const date = addDays(todayOf(t.clock), 1);
    t.clock.advance(DAY);
    try {
      const before = await Promise.all(members.map((m) => balanceOf(t, m.token)));
      expect(before.map((b) => b.balance)).toEqual(['0', '0', '0']);

      const [r1, r2] = await Promise.all([runJob(date), runJob(date)]);
      expect(r1.body.status).toBe(1);
      expect(r2.body.status).toBe(1);
      const r3 = await runJob(date);
      expect(r3.body.data).toMatchObject({ status: 'done', items_now: 0 });
      expect((r1.body.data?.items_now ?? 0) + (r2.body.data?.items_now ?? 0)).toBeGreaterThanOrEqual(3);
      const paid = await t.db
        .selectFrom('mining_income as i')
        .innerJoin('mining_orders as o', 'o.id', 'i.order_id')
        .select(['o.member_id', 'i.amount', 'i.transfer_id'])
        .where('o.package_id', '=', p.id)
        .execute();
      expect(paid).toHaveLength(3);
      const after = await Promise.all(members.map((m) => balanceOf(t, m.token)));
      // 2 units x (2 - 0.5) = 3 USDT each, once.
      expect(after.map((b) => b.balance)).toEqual(['3', '3', '3']);
      const transfer = await t.db
        .selectFrom('ledger_transfers')
        .select(['kind', 'reference', 'details'])
        .where('id', '=', paid[0]!.transfer_id)
        .executeTakeFirstOrThrow();
      expect(transfer.kind).toBe('mining_income');
      expect(transfer.reference).toMatch(new RegExp(`^mining:member-\\d+:${date}$`));
      const record = await t.ok<{ list: { type: string; amount: string }[] }>(
        'asset/walletrecord',
        { wallet: 'funds' },
        { token: members[0]!.token },
      );
      expect(record.list[0]).toMatchObject({ type: 'mining_income', amount: '3' });
      // The admin's dashboard shows what the day's run paid in USDT, as the income rows of the date add up.
      const rows = await sql<{
        total: string;
      }>`select coalesce(sum(i.amount), 0)::text total from mining_income i
        join mining_orders o on o.id = i.order_id where i.income_date = ${date}::date and o.settle_asset = 'USDT'`.execute(
        t.db,
      );
      const dash = await t.ok<{ date: string; mining_income_today: string }>(
        'Admin/dashboard',
        {},
        { token: admin },
      );
      expect(dash.date).toBe(date);
      expect(Number(dash.mining_income_today)).toBeGreaterThanOrEqual(9);
      expect(Number(dash.mining_income_today)).toBe(Number(rows.rows[0]!.total) / 1e6);
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it("pays a member's several orders of a day with one transfer that each order's income row names", async () => {
    const p = await newPackage({ daily_profit: '2', daily_fee: '0.5' });
    const m = await verifiedMember('300');
    const bought = [];
    for (const quantity of [1, 2])
      bought.push((await buy(m.token, { package_id: p.id, quantity })).body.data!);
    const date = addDays(todayOf(t.clock), 1);
    t.clock.advance(DAY);
    try {
      expect((await runJob(date)).body.status).toBe(1);
      const paid = await t.db
        .selectFrom('mining_income')
        .select(['order_id', 'amount', 'transfer_id'])
        .where(
          'order_id',
          'in',
          bought.map((o) => o.id),
        )
        .where('income_date', '=', date)
        .orderBy('order_id')
        .execute();
      // 1 x 1.5 and 2 x 1.5 USDT.
      expect(paid.map((r) => r.amount)).toEqual(['1500000', '3000000']);
      expect(paid[0]!.transfer_id).toBe(paid[1]!.transfer_id);
      const transfer = await t.db
        .selectFrom('ledger_transfers')
        .select(['amount', 'reference'])
        .where('id', '=', paid[0]!.transfer_id)
        .executeTakeFirstOrThrow();
      expect(transfer.amount).toBe('4500000');
      expect(transfer.reference).toMatch(new RegExp(`^mining:member-\\d+:${date}$`));
      expect((await balanceOf(t, m.token)).balance).toBe('4.5');
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it('pays an order its daily income for every day of its term and nothing after: a worked example', async () => {
    // 3 TH/s at 100 USDT each = 300 USDT, with a 10% voucher: pays 270.
    // Each day: 3 x (1.25 profit - 0.05 fee) = 3.6 USDT; over 30 days: 108 USDT.
    const p = await newPackage({ unit_price: '100', daily_profit: '1.25', daily_fee: '0.05', term_days: 30 });
    const m = await verifiedMember('300');
    const v = await t.ok<{ id: string }>(
      'Admin/voucherissue',
      {
        userid: m.userid,
        discount_percent: '10',
        expires_on: addDays(todayOf(t.clock), 1),
        package_id: p.id,
      },
      { token: admin },
    );
    const bought = await buy(m.token, { package_id: p.id, quantity: 3, voucher_id: v.id });
    expect(bought.body.data).toMatchObject({
      price: '300',
      discount: '30',
      paid: '270',
      daily_income: '3.6',
    });
    expect((await balanceOf(t, m.token)).balance).toBe('30');
    const purchaseDay = todayOf(t.clock);
    const start = bought.body.data!.start_date;
    expect(start).toBe(addDays(purchaseDay, 1));

    // Runs the job for every day from the purchase to two days after the term (dates ahead of the clock need the flag).
    t.deps.config.allowFutureJobs = true;
    try {
      for (let day = 0; day <= 32; day++)
        expect((await runJob(addDays(purchaseDay, day))).body.status).toBe(1);
    } finally {
      t.deps.config.allowFutureJobs = false;
    }
    const stateOn = async (day: number) => {
      t.clock.advance(day * DAY);
      try {
        const token = await logInAs(t, m.userid, m.password);
        return (await t.ok<{ list: Order[] }>('Member/OrderHistory', {}, { token })).list[0]?.state;
      } finally {
        t.clock.advance(-day * DAY);
      }
    };
    expect(await stateOn(0)).toBe('pending');
    expect(await stateOn(1)).toBe('mining');
    expect(await stateOn(30)).toBe('mining');
    expect(await stateOn(31)).toBe('ended');
    const orders = await t.ok<{ list: { income_total: string; income_days: number }[] }>(
      'Member/OrderHistory',
      {},
      { token: m.token },
    );
    expect(orders.list[0]).toMatchObject({ income_total: '108', income_days: 30 });
    expect((await balanceOf(t, m.token)).balance).toBe('138');
    const history = await t.ok<{ total: number; list: { date: string; amount: string }[] }>(
      'Mining/incomehistory',
      { pagesize: 100 },
      { token: m.token },
    );
    expect(history.total).toBe(30);
    expect(history.list.at(-1)?.date).toBe(start);
    expect(history.list[0]?.date).toBe(addDays(start, 29));
    expect(new Set(history.list.map((r) => r.amount))).toEqual(new Set(['3.6']));
  });

  it('shows the income totals, today and the daily series', async () => {
    const p = await newPackage({ daily_profit: '1', daily_fee: '0' });
    const m = await verifiedMember('100');
    await buy(m.token, { package_id: p.id, quantity: 1 });
    t.clock.advance(DAY);
    try {
      await runJob(todayOf(t.clock));
      const s = await t.ok<{
        totals: { asset: string; total: string; today: string }[];
        series: { amount: string }[];
      }>('Mining/incomesummary', {}, { token: m.token });
      expect(s.totals).toEqual([{ asset: 'USDT', total: '1', today: '1', yesterday: '0' }]);
      expect(s.series.map((x) => x.amount)).toEqual(['1']);
      const g = await t.ok<{ mining: number }>('Mining/ginfo', {}, { token: m.token });
      expect(g.mining).toBe(1);
    } finally {
      t.clock.advance(-DAY);
    }
  });
});

describe('daily scheduler', () => {
  it("settles today's mining income (and yesterday's pairing) once, however often it ticks", async () => {
    // Retention (a daily job too) would purge this file's sessions 60 days on: these are the plan's jobs.
    const { mining_income, pairing } = dailyJobs(createLedger(t.db));
    const jobs = { mining_income, pairing } as Record<string, DailyJob>;
    const p = await newPackage({ daily_profit: '1', daily_fee: '0', term_days: 90 });
    const m = await verifiedMember('100');
    await buy(m.token, { package_id: p.id });
    // A day no other test has settled.
    t.clock.advance(60 * DAY);
    try {
      const tick = dailyTick({ db: t.db, clock: t.clock, jobs });
      expect(await tick()).toEqual(['mining_income', 'pairing']);
      expect(await tick()).toEqual([]);
      const pairing = await t.db
        .selectFrom('job_runs')
        .select(sql<string>`run_date::text`.as('date'))
        .where('job', '=', 'pairing')
        .executeTakeFirstOrThrow();
      expect(pairing.date).toBe(addDays(todayOf(t.clock), -1));
      const token = await logInAs(t, m.userid, m.password);
      expect((await balanceOf(t, token)).balance).toBe('1');
    } finally {
      t.clock.advance(-60 * DAY);
    }
  });
});

describe('package views and admin lists', () => {
  it('lists packages publicly and to members, previews a purchase, and shows admins their packages and job runs', async () => {
    const p = await newPackage({ name: 'ETH view test' });
    const cms = await t.call<{ list: { id: string; name: string }[] }>('Main/cmsPackages');
    expect(cms.body.status).toBe(1);
    expect(cms.body.data?.list.some((x) => x.id === p.id)).toBe(true);
    const m = await verifiedMember('500');
    const menu = await t.call('Mining/packageSubMenu', {}, { token: m.token });
    expect(menu.body.status).toBe(1);
    const preview = await t.call<Record<string, string>>(
      'Asset/BuyProductPreview',
      { package_id: p.id, quantity: 2, wallet: 'funds' },
      { token: m.token },
    );
    expect(preview.body.status).toBe(1);
    expect(JSON.stringify(preview.body.data)).toContain('200');
    const list = await t.call<{ list: { id: string }[] }>('Admin/packagelist', {}, { token: admin });
    expect(list.body.data?.list.some((x) => x.id === p.id)).toBe(true);
    expect((await t.call('Admin/packagelist', {}, { token: m.token })).http).toBe(403);
    await runJob(todayOf(t.clock));
    const runs = await t.call<{ list: { job: string }[] }>('Admin/jobruns', {}, { token: admin });
    expect(runs.body.status).toBe(1);
    expect(runs.body.data?.list.some((r) => r.job === 'mining_income')).toBe(true);
  });
});
