import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { addDays, todayOf } from '../../platform/dates.ts';

/**
 * Cloud mining disclosure: every package and purchase preview carries the package's whole economics over its term
 * (output, fees, net, the share of the price that comes back, below the price or not) and the assumptions the
 * estimate rests on; a member's orders show output and fees so far and what is still to come; the daily income job
 * pays exactly the daily net those figures give.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

type Economics = {
  term_days: number;
  daily_output: string;
  daily_fee: string;
  daily_net: string;
  total_output: string;
  total_fee: string;
  total_net: string;
  price: string;
  comparable: boolean;
  return_percent: string;
  below_price: boolean;
  shown: { total_output: string; total_fee: string; total_net: string; price: string };
  rounded: boolean;
};
type Pkg = {
  id: string;
  stock: number;
  coin_price: string;
  output_per_unit: string;
  assumptions_set_at: string;
  assumptions_note: string;
  economics: Economics;
};

/** The "BTC starter": 10 USDT per TH/s, 30 days, 0.05 profit and 0.01 fee per TH/s per day. */
const STARTER = {
  name: 'BTC starter',
  coin: 'BTC',
  capacity_unit: 'TH/s',
  unit_price: '10',
  term_days: 30,
  daily_profit: '0.05',
  daily_fee: '0.01',
  settle_asset: 'USDT',
  settle_wallet: 'funds',
  min_quantity: 1,
  stock: 100,
  start_delay_days: 1,
  active: true,
  coin_price: '62500',
  output_per_unit: '0.00000080',
  assumptions_note: 'BTC at 62,500 USDT',
};

const savePackage = (body: Record<string, unknown>) =>
  t.call<Pkg>('Admin/packagesave', { start_date: todayOf(t.clock), ...STARTER, ...body }, { token: admin });

async function verifiedMember(funds: string) {
  const m = await newMember(t);
  await t.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
  await fund(t, admin, m.userid, funds);
  return m;
}

describe('package economics and assumptions', () => {
  it("shows the BTC starter's whole term on every package call: 1.20 USDT back for 10, 12%, below the price", async () => {
    const saved = await savePackage({});
    expect(saved.body.status).toBe(1);
    const id = saved.body.data!.id;
    const expected = {
      term_days: 30,
      asset: 'USDT',
      price_asset: 'USDT',
      daily_output: '0.05',
      daily_fee: '0.01',
      daily_net: '0.04',
      total_output: '1.5',
      total_fee: '0.3',
      total_net: '1.2',
      price: '10',
      comparable: true,
      return_percent: '12',
      below_price: true,
      shown: { total_output: '1.5', total_fee: '0.3', total_net: '1.2', price: '10' },
      rounded: false,
    };
    const assumptions = {
      coin_price: '62500',
      output_per_unit: '0.0000008',
      assumptions_set_at: todayOf(t.clock),
      assumptions_note: 'BTC at 62,500 USDT',
    };
    expect(saved.body.data).toMatchObject({ ...assumptions, economics: expected });
    const m = await verifiedMember('100');
    const all = await t.ok<{ list: Pkg[] }>('Mining/allPackages', {}, { token: m.token });
    expect(all.list.find((p) => p.id === id)).toMatchObject({ ...assumptions, economics: expected });
    const one = await t.ok<Pkg>('Mining/getinfob', { package_id: id }, { token: m.token });
    expect(one).toMatchObject({ ...assumptions, economics: expected });
    const home = await t.ok<{ list: Pkg[] }>('Main/cmsPackages');
    expect(home.list.find((p) => p.id === id)?.economics).toEqual(expected);
    const adminList = await t.ok<{ list: Pkg[] }>('Admin/packagelist', {}, { token: admin });
    expect(adminList.list.find((p) => p.id === id)?.economics).toEqual(expected);
  });

  it('previews a purchase against what is paid: 3 TH/s with 10% off pay 27 for about 3.60 back (13%, rounded down)', async () => {
    const p = (await savePackage({})).body.data!;
    const m = await verifiedMember('100');
    const v = await t.ok<{ id: string }>(
      'Admin/voucherissue',
      {
        userid: m.userid,
        discount_percent: '10',
        expires_on: addDays(todayOf(t.clock), 7),
        package_id: p.id,
      },
      { token: admin },
    );
    const preview = await t.ok<{ pay_amount: string; daily_income: string; economics: Economics }>(
      'Asset/BuyProductPreview',
      { package_id: p.id, quantity: 3, voucher_id: v.id, wallet: 'funds' },
      { token: m.token },
    );
    expect(preview.pay_amount).toBe('27');
    expect(preview.daily_income).toBe(preview.economics.daily_net);
    expect(preview.economics).toMatchObject({
      daily_output: '0.15',
      daily_fee: '0.03',
      daily_net: '0.12',
      total_output: '4.5',
      total_fee: '0.9',
      total_net: '3.6',
      price: '27',
      // 3.6 / 27 = 13.3%: shown as 13, and flagged as rounded.
      return_percent: '13',
      below_price: true,
      rounded: true,
    });
  });

  it('a package whose estimate returns more than its price is not below it; another settlement asset is not compared', async () => {
    const above = (
      await savePackage({
        name: 'LTC L7',
        unit_price: '2',
        term_days: 90,
        daily_profit: '0.026',
        daily_fee: '0.002',
      })
    ).body.data!;
    expect(above.economics).toMatchObject({ total_net: '2.16', return_percent: '108', below_price: false });
    const xt = (await savePackage({ name: 'XT miner', settle_asset: 'XT', settle_wallet: 'funds' })).body;
    expect(xt.status, JSON.stringify(xt)).toBe(1);
    expect(xt.data!.economics).toMatchObject({
      comparable: false,
      return_percent: '',
      below_price: false,
      total_net: '1.2',
    });
  });

  it('refuses assumptions that are not numbers or dates, naming the field, and saves nothing', async () => {
    const before = await t.ok<{ list: Pkg[] }>('Admin/packagelist', {}, { token: admin });
    for (const [field, value, msg] of [
      ['coin_price', 'lots', 'Please enter an amount such as 20 or 20.5'],
      ['coin_price', '1.1234567', 'USDT'],
      ['output_per_unit', '1e-6', 'Output per unit per day is not valid'],
      ['output_per_unit', '0', 'Output per unit per day is not valid'],
      ['assumptions_set_at', '2026-02-30', 'Assumptions set on must be a date such as 2026-01-31'],
    ] as const) {
      const res = await savePackage({ name: `bad ${field}`, [field]: value });
      expect(res.http, `${field}=${value}`).toBe(422);
      expect(res.body.errors?.[0]?.field).toBe(field);
      expect(res.body.errors?.[0]?.message).toContain(msg);
    }
    const after = await t.ok<{ list: Pkg[] }>('Admin/packagelist', {}, { token: admin });
    expect(after.list.length).toBe(before.list.length);
  });

  it('an update that leaves the assumptions out keeps them; a new date replaces the old', async () => {
    const p = (await savePackage({ assumptions_set_at: '2026-01-05' })).body.data!;
    expect(p.assumptions_set_at).toBe('2026-01-05');
    const kept = await t.call<Pkg>(
      'Admin/packagesave',
      {
        id: p.id,
        ...STARTER,
        start_date: todayOf(t.clock),
        coin_price: undefined,
        output_per_unit: undefined,
        assumptions_note: undefined,
        stock: 7,
      },
      { token: admin },
    );
    expect(kept.body.data).toMatchObject({
      stock: 7,
      coin_price: '62500',
      output_per_unit: '0.0000008',
      assumptions_set_at: '2026-01-05',
    });
  });
});

describe("a member's orders and the daily income job", () => {
  it('pays exactly the net the economics give, and the order shows output and fees so far and still to come', async () => {
    const p = (await savePackage({})).body.data!;
    const m = await verifiedMember('30');
    const preview = await t.ok<{ economics: Economics }>(
      'Asset/BuyProductPreview',
      { package_id: p.id, quantity: 3, wallet: 'funds' },
      { token: m.token },
    );
    const bought = await t.call<{ start_date: string; daily_income: string }>(
      'asset/BuyProductSave',
      {
        package_id: p.id,
        quantity: 3,
        wallet: 'funds',
        agree: true,
        tx_password: '654321',
        idempotency_key: newKey(),
      },
      { token: m.token },
    );
    expect(bought.body.status, bought.body.msg).toBe(1);
    expect(bought.body.data!.daily_income).toBe(preview.economics.daily_net);
    const start = bought.body.data!.start_date;
    const order = async () =>
      (await t.ok<{ list: Record<string, string | number>[] }>('Member/OrderHistory', {}, { token: m.token }))
        .list[0];
    expect(await order()).toMatchObject({
      paid: '30',
      income_total: '0',
      output_so_far: '0',
      fee_so_far: '0',
      output_to_come: '4.5',
      fee_to_come: '0.9',
      net_to_come: '3.6',
    });

    t.deps.config.allowFutureJobs = true;
    try {
      for (let day = 0; day < 10; day++)
        expect(
          (
            await t.call(
              'Admin/runjob',
              { job: 'mining_income', date: addDays(start, day) },
              { token: admin },
            )
          ).body.status,
        ).toBe(1);
      // 10 days of 3 x 0.05 output and 3 x 0.01 fees: 1.5 and 0.3, 1.2 paid; 20 days to come.
      expect(await order()).toMatchObject({
        income_total: '1.2',
        income_days: 10,
        output_so_far: '1.5',
        fee_so_far: '0.3',
        output_to_come: '3',
        fee_to_come: '0.6',
        net_to_come: '2.4',
      });
      for (let day = 10; day < 32; day++)
        await t.call('Admin/runjob', { job: 'mining_income', date: addDays(start, day) }, { token: admin });
    } finally {
      t.deps.config.allowFutureJobs = false;
    }
    // Over the whole term the job paid the preview's net, to the unit, and nothing is left to come.
    expect((await balanceOf(t, m.token)).balance).toBe(preview.economics.total_net);
    expect(await order()).toMatchObject({
      income_total: preview.economics.total_net,
      output_so_far: preview.economics.total_output,
      fee_so_far: preview.economics.total_fee,
      output_to_come: '0',
      fee_to_come: '0',
      net_to_come: '0',
    });
  });
});
