import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { packageBody } from '../../../test/mining.ts';
import { logInAs, signUpMember, uniqueUserid } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { todayOf } from '../../platform/dates.ts';
import { dashboard } from './admin.ts';
import { propagateTree } from './propagate.ts';

/** Thrown to roll a test's transaction back. */
class Rollback extends Error {}

/**
 * The network through the API: a small tree a reader can draw, its views from each member's side, the access
 * rule, and the bonuses of a worked example (real purchases, the real pairing job).
 *
 *                 top
 *           left /    \ right
 *              b        c
 *            /   \     /
 *           d     e   f
 * Sponsors: top invited b and c, b invited d and e, c invited f. `outsider` sits elsewhere under the company.
 */
let t: TestApp;
let admin: string;
const TX = '654321';
type Member = { userid: string; password: string; token: string };
const tree: Record<'top' | 'b' | 'c' | 'd' | 'e' | 'f' | 'outsider', Member> = {} as never;

async function join(name: keyof typeof tree, sponsor: string, placement: string, side: 'L' | 'R') {
  const m = await signUpMember(t, { userid: uniqueUserid(name), sponsor, placement, side });
  tree[name] = { ...m, token: await logInAs(t, m.userid, m.password) };
}

let packageId = '';
/** A mining purchase through the real call: the member pays `units` x 100 USDT. */
async function buy(name: keyof typeof tree, units: number) {
  const m = tree[name];
  await t.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
  await fund(t, admin, m.userid, String(units * 100));
  await t.ok(
    'asset/BuyProductSave',
    {
      package_id: packageId,
      quantity: units,
      wallet: 'funds',
      agree: true,
      tx_password: TX,
      idempotency_key: newKey(),
    },
    { token: m.token },
  );
}

const runPairing = (date: string) =>
  t.call<{ items_now: number; amounts: { asset: string; amount: string }[] }>(
    'Admin/runjob',
    { job: 'pairing', date },
    { token: admin },
  );

type Node = {
  userid: string;
  level: number;
  left_count: number;
  right_count: number;
  left_volume: string;
  right_volume: string;
  expandable: boolean;
  favorite: boolean;
  parent: string;
  side: string;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  // The company's own legs: top on the left, the outsider on the right.
  await join('top', 'company', 'company', 'L');
  await join('outsider', 'company', 'company', 'R');
  await join('b', tree.top.userid, tree.top.userid, 'L');
  await join('c', tree.top.userid, tree.top.userid, 'R');
  await join('d', tree.b.userid, tree.b.userid, 'L');
  await join('e', tree.b.userid, tree.b.userid, 'R');
  await join('f', tree.c.userid, tree.c.userid, 'L');
  const p = await t.ok<{ id: string }>(
    'Admin/packagesave',
    packageBody(t, { name: 'Network test', daily_profit: '1', daily_fee: '0', stock: 1000 }),
    { token: admin },
  );
  packageId = p.id;
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

describe('trees', () => {
  it("shows a member's binary tree with leg counts, a few levels at a time", async () => {
    const view = await t.ok<{ top: string; root: string; up: string; depth: number; nodes: Node[] }>(
      'Tree/gettree',
      { levels: 3 },
      { token: tree.top.token },
    );
    expect(view).toMatchObject({ top: tree.top.userid, root: tree.top.userid, up: '', depth: 0 });
    expect(view.nodes.map((n) => [n.userid, n.level, n.parent, n.side])).toEqual([
      [tree.top.userid, 0, '', ''],
      [tree.b.userid, 1, tree.top.userid, 'L'],
      [tree.c.userid, 1, tree.top.userid, 'R'],
      [tree.d.userid, 2, tree.b.userid, 'L'],
      [tree.e.userid, 2, tree.b.userid, 'R'],
      [tree.f.userid, 2, tree.c.userid, 'L'],
    ]);
    expect(view.nodes[0]).toMatchObject({ left_count: 3, right_count: 2 });
    // One level from b: its children are beyond the levels returned, so b can be expanded.
    const b = await t.ok<{ up: string; depth: number; nodes: Node[] }>(
      'Tree/gettree',
      { userid: tree.b.userid, levels: 1 },
      { token: tree.top.token },
    );
    expect(b).toMatchObject({ up: tree.top.userid, depth: 1 });
    expect(b.nodes).toHaveLength(1);
    expect(b.nodes[0]).toMatchObject({ expandable: true, left_count: 1, right_count: 1 });
    // The unit (two levels) from Member/PlacementTree.
    const unit = await t.ok<{ nodes: Node[] }>('Member/PlacementTree', {}, { token: tree.b.token });
    expect(unit.nodes.map((n) => n.userid)).toEqual([tree.b.userid, tree.d.userid, tree.e.userid]);
  });

  it('refuses any node outside the asking member’s downline, including their upline', async () => {
    for (const [call, body, token] of [
      ['Tree/gettree', { userid: tree.outsider.userid }, tree.top.token],
      ['Member/PlacementTree', { userid: tree.top.userid }, tree.b.token],
      ['Member/searchmember', { userid: tree.c.userid }, tree.b.token],
      ['Tree/addfavorite', { userid: tree.outsider.userid }, tree.top.token],
      ['Tree/gettree', { userid: 'nosuchmember1' }, tree.top.token],
    ] as const) {
      const res = await t.call(call, body, { token });
      expect(res.http, call).toBe(403);
      expect(res.body.msg).toBe('This member is not in your downline');
    }
    // Search never returns members outside the downline.
    const found = await t.ok<{ list: { userid: string }[] }>(
      'Member/searchuserid',
      { userid: 'outsider' },
      { token: tree.top.token },
    );
    expect(found.list).toEqual([]);
  });

  it('searches the placement downline by userid prefix, with depth and leg', async () => {
    const found = await t.ok<{ list: { userid: string; depth: number; leg: string }[] }>(
      'Member/searchuserid',
      { userid: tree.e.userid.slice(0, 3) },
      { token: tree.top.token },
    );
    expect(found.list).toEqual([expect.objectContaining({ userid: tree.e.userid, depth: 2, leg: 'L' })]);
    const one = await t.ok('Member/searchmember', { userid: tree.f.userid }, { token: tree.top.token });
    expect(one).toMatchObject({
      sponsor: tree.c.userid,
      placement: tree.c.userid,
      side: 'L',
      depth: 2,
      sponsor_level: 2,
    });
  });

  it('keeps favourites: add (twice is fine), list with depth, remove', async () => {
    const { token } = tree.top;
    await t.ok('Tree/addfavorite', { userid: tree.f.userid }, { token });
    await t.ok('Tree/addfavorite', { userid: tree.f.userid }, { token });
    const list = await t.ok<{ list: { userid: string; depth: number; leg: string }[]; total: number }>(
      'Tree/showfavorite2',
      {},
      { token },
    );
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ userid: tree.f.userid, depth: 2, leg: 'R' });
    const view = await t.ok<{ nodes: Node[] }>('Tree/gettree', { userid: tree.c.userid }, { token });
    expect(view.nodes.find((n) => n.userid === tree.f.userid)?.favorite).toBe(true);
    await t.ok('Tree/unfavorite', { userid: tree.f.userid }, { token });
    expect((await t.ok<{ total: number }>('Tree/showfavorite2', {}, { token })).total).toBe(0);
  });

  it('lists the sponsor downline: direct, by level, five levels, search', async () => {
    const { token } = tree.top;
    const direct = await t.ok<{ list: { userid: string; level: number }[]; total: number }>(
      'member/downlinelist',
      {},
      { token },
    );
    expect(direct.total).toBe(2);
    expect(direct.list.map((m) => m.userid).sort()).toEqual([tree.b.userid, tree.c.userid].sort());
    const level2 = await t.ok<{ list: { userid: string; level: number; sponsor: string }[]; total: number }>(
      'member/downlinelist2',
      { level: 2 },
      { token },
    );
    expect(level2.list.map((m) => m.userid).sort()).toEqual(
      [tree.d.userid, tree.e.userid, tree.f.userid].sort(),
    );
    expect(level2.list.every((m) => m.level === 2)).toBe(true);
    const five = await t.ok<{ levels: { level: number; count: number }[]; count: number }>(
      'Member/fivelevel',
      {},
      { token },
    );
    expect(five.levels.map((l) => l.count)).toEqual([2, 3, 0, 0, 0]);
    expect(five.count).toBe(5);
    const search = await t.ok<{ list: { userid: string }[] }>(
      'member/searchdownline',
      { keyword: tree.d.userid },
      { token },
    );
    expect(search.list.map((m) => m.userid)).toEqual([tree.d.userid]);
    const none = await t.ok<{ total: number }>(
      'member/searchdownline',
      { keyword: tree.outsider.userid },
      { token },
    );
    expect(none.total).toBe(0);
  });

  it('gives an invitation link that names the member as sponsor, with a QR code, and one link per side', async () => {
    const inv = await t.ok<{
      code: string;
      link: string;
      left_link: string;
      right_link: string;
      qr_data_url: string;
    }>('member/invitationcode', {}, { token: tree.b.token });
    expect(inv.code).toBe(tree.b.userid);
    // The general link leaves the side to the friend: it is not the left link.
    expect(inv.link).toMatch(new RegExp(`#/pages/register/register\\?sponsor=${tree.b.userid}$`));
    expect(inv.left_link).toBe(`${inv.link}&side=L`);
    expect(inv.right_link).toBe(`${inv.link}&side=R`);
    expect(inv.qr_data_url).toMatch(/^data:image\/png;base64,/);
  });
});

type BonusRecord = {
  type: string;
  amount: string;
  source_userid: string;
  reference: string;
  details: Record<string, string>;
};
const bonuses = async (m: Member, type?: string) =>
  (
    await t.ok<{ list: BonusRecord[] }>(
      'Asset/searchBonusrecord',
      { pagesize: 100, ...(type ? { type } : {}) },
      { token: m.token },
    )
  ).list;

describe('bonuses (worked example, default plan)', () => {
  // Default plan: sponsor 5%, levels 2/1/1/0.5/0.5%, pairing 10% of 100 USDT pairs (10 USDT a pair), 1:1,
  // Fans' cap 100 USDT a day, carry-forward on, paid into the reward wallet.
  it('pays sponsor and level bonuses with the purchase, traceable to the buyer', async () => {
    await buy('d', 3); // 300 USDT: b is d's sponsor, top is b's
    expect(await balanceOf(t, tree.b.token, 'reward')).toMatchObject({ balance: '21' }); // 5% + 2% of 300
    expect(await balanceOf(t, tree.top.token, 'reward')).toMatchObject({ balance: '3' }); // level 2: 1%
    const records = await bonuses(tree.b);
    expect(records.map((r) => [r.type, r.amount, r.source_userid])).toEqual(
      expect.arrayContaining([
        ['sponsor', '15', tree.d.userid],
        ['level', '6', tree.d.userid],
      ]),
    );
    expect(records.find((r) => r.type === 'level')?.details).toMatchObject({ level: '1', percent: '2' });
    // The company root earns nothing: top's sponsor is the company.
    const company = await t.db
      .selectFrom('ledger_transfers as x')
      .innerJoin('ledger_accounts as a', 'a.id', 'x.credit_account_id')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select('x.id')
      .where('m.userid', '=', 'company')
      .execute();
    expect(company).toEqual([]);
  });

  it('adds purchase volume to every upline leg and pays the pairing once per date', async () => {
    // d bought 300 above (top's left leg, b's left leg); f buys 200 (top's right leg, c's left leg).
    await buy('f', 2);
    const summary = await t.ok<{
      left_today: string;
      right_today: string;
      today_pairing: string;
      left_count: number;
      left_volume: string;
      right_volume: string;
      team_volume: string;
    }>('Tree/getgroupinfo2', {}, { token: tree.top.token });
    // The team volume the next rank needs is both legs' volume (ranks.ts).
    expect(Number(summary.team_volume)).toBeGreaterThan(0);
    expect(Number(summary.team_volume)).toBe(Number(summary.left_volume) + Number(summary.right_volume));
    expect(summary).toMatchObject({
      left_today: '300',
      right_today: '200',
      today_pairing: '20',
      left_count: 3,
    });

    const day1 = todayOf(t.clock);
    const run = await runPairing(day1);
    expect(run.body.data?.amounts).toEqual([{ asset: 'USDT', amount: '20' }]);
    // top: 300 | 200 -> 2 pairs, 20 USDT; 100 left carried. b and c have one leg only: carried.
    const [pairing] = await bonuses(tree.top, 'pairing');
    expect(pairing).toMatchObject({ amount: '20', reference: `pairing:${day1}` });
    expect(pairing?.details).toMatchObject({
      date: day1,
      left_before: '0',
      right_before: '0',
      left_added: '300',
      right_added: '200',
      pairs: '2',
      paid_pairs: '2',
      capped: 'false',
      left_after: '100',
      right_after: '0',
    });
    // b has one leg only: nothing to pair; the 300 is carried (and there is no pairing record).
    const b = await t.ok('Tree/getgroupinfo2', {}, { token: tree.b.token });
    expect(b).toMatchObject({
      left_balance: '300',
      right_balance: '0',
      left_today: '0',
      last_pairing_date: '',
    });
    const top = await t.ok('Tree/getgroupinfo2', {}, { token: tree.top.token });
    expect(top).toMatchObject({
      left_balance: '100',
      right_balance: '0',
      last_pairing_date: day1,
      last_pairing: '20',
    });

    // Run again, and twice at once: nothing more is paid.
    const again = await runPairing(day1);
    expect(again.body.data?.items_now).toBe(0);
    await Promise.all([runPairing(day1), runPairing(day1)]);
    expect(await bonuses(tree.top, 'pairing')).toHaveLength(1);

    // Day 2: e buys 100 on b's right leg: b pairs 300 | 100 -> 1 pair, 10 USDT; top gets 100 more on the left.
    t.clock.advance(24 * 3600_000);
    const day2 = todayOf(t.clock);
    await buy('e', 1);
    await runPairing(day2);
    const [bPair] = await bonuses(tree.b, 'pairing');
    expect(bPair?.details).toMatchObject({
      left_before: '300',
      right_added: '100',
      pairs: '1',
      left_after: '200',
    });
    expect(bPair?.amount).toBe('10');
    const topInfo = await t.ok('Tree/getgroupinfo2', {}, { token: tree.top.token });
    expect(topInfo).toMatchObject({
      left_balance: '200',
      right_balance: '0',
      left_volume: '400',
      right_volume: '200',
    });
    expect(await bonuses(tree.top, 'pairing')).toHaveLength(1);

    // An earlier date cannot run after a later one: balances are only right in order.
    const back = await runPairing(day1);
    expect(back.http).toBe(409);
  });

  it('caps the pairing per day by rank (Fans: 100 USDT) and flushes the excess pairs', async () => {
    // c has f's 200 carried on its left. g joins on c's right and buys 1,500; h joins under f (c's left) and
    // buys 1,300: c pairs 1,500 | 1,500 -> 15 pairs, 10 paid (the cap), 5 flushed (500 a side).
    const extra: Record<string, Member> = {};
    for (const [name, placement, side] of [
      ['g', tree.c.userid, 'R'],
      ['h', tree.f.userid, 'L'],
    ] as const) {
      const m = await signUpMember(t, {
        userid: uniqueUserid(name),
        sponsor: tree.c.userid,
        placement,
        side,
      });
      extra[name] = { ...m, token: await logInAs(t, m.userid, m.password) };
    }
    Object.assign(tree, extra);
    await buy('g' as keyof typeof tree, 15);
    await buy('h' as keyof typeof tree, 13);
    const before = todayOf(t.clock);
    // Day 2 already ran: this volume counts for the next day.
    const info = await t.ok<{ left_today: string; right_today: string; today_pairing: string; cap: string }>(
      'Tree/getgroupinfo2',
      {},
      { token: tree.c.token },
    );
    expect(info).toMatchObject({ left_today: '1300', right_today: '1500', today_pairing: '100', cap: '100' });
    t.clock.advance(24 * 3600_000);
    const day3 = todayOf(t.clock);
    expect(day3 > before).toBe(true);
    await runPairing(day3);
    const [cPair] = await bonuses(tree.c, 'pairing');
    expect(cPair?.amount).toBe('100');
    expect(cPair?.details).toMatchObject({
      left_before: '200',
      left_added: '1300',
      right_added: '1500',
      pairs: '15',
      paid_pairs: '10',
      capped: 'true',
      cap: '100',
      flushed_left: '500',
      flushed_right: '500',
      left_after: '0',
      right_after: '0',
    });
    // top: 200 carried left | 2,800 new right -> 2 pairs (20 USDT); 2,600 right carried.
    const [topPair] = await bonuses(tree.top, 'pairing');
    expect(topPair?.details).toMatchObject({
      left_before: '200',
      right_added: '2800',
      pairs: '2',
      right_after: '2600',
    });
  });
});

describe('ranks and the plan', () => {
  it('refuses a plan whose ranks need less than the rank below, or whose percentages pass 100%', async () => {
    const { current } = await t.ok<{ current: { settings: Record<string, unknown> } }>(
      'Admin/plan',
      {},
      { token: admin },
    );
    const s = current.settings as { rank_rules: { team_volume: string }[]; level_percents: string[] };
    const badRanks = structuredClone(s);
    badRanks.rank_rules[1]!.team_volume = '1';
    const r1 = await t.call('Admin/plansave', { settings: badRanks, note: 'bad' }, { token: admin });
    expect(r1.http).toBe(422);
    expect(r1.body.errors?.[0]?.message).toBe('Each rank must need at least as much as the rank below it');
    const badPct = structuredClone(s);
    badPct.level_percents = ['99', '1', '1', '0', '0'];
    const r2 = await t.call('Admin/plansave', { settings: badPct, note: 'bad' }, { token: admin });
    expect(r2.body.msg).toBe('The sponsor and level bonuses together may pay at most 100% of a purchase');
    const same = await t.ok<{ current: { version: number } }>('Admin/plan', {}, { token: admin });
    expect(same.current.version).toBe(0);
  });

  it('a saved plan is a new version; ranks follow it and their changes are kept', async () => {
    const { current } = await t.ok<{ current: { settings: Record<string, unknown> } }>(
      'Admin/plan',
      {},
      { token: admin },
    );
    const s = structuredClone(current.settings) as {
      rank_rules: { personal_volume: string; direct_sponsors: number; team_volume: string }[];
    };
    // Analyst: one direct recruit and 100 of team volume.
    s.rank_rules[0] = { ...s.rank_rules[0]!, personal_volume: '0', direct_sponsors: 1, team_volume: '100' };
    const saved = await t.ok<{ version: number; ranks_changed: number }>(
      'Admin/plansave',
      { settings: s, note: 'easier Analyst' },
      { token: admin },
    );
    expect(saved.version).toBe(1);
    expect(saved.ranks_changed).toBeGreaterThanOrEqual(3); // top, b and c
    const detail = await t.ok<{ rank: string; rank_history: { from: string; to: string; reason: string }[] }>(
      'Admin/memberdetail',
      { userid: tree.b.userid },
      { token: admin },
    );
    expect(detail.rank).toBe('Analyst');
    expect(detail.rank_history[0]).toMatchObject({ from: 'Fans', to: 'Analyst', reason: 'plan v1' });
    const plan = await t.ok<{ current: { version: number }; history: { version: number }[] }>(
      'Admin/plan',
      {},
      { token: admin },
    );
    expect(plan.current.version).toBe(1);
    expect(plan.history.map((v) => v.version)).toEqual([1, 0]);
  });

  it('previews what a purchase would pay under a draft plan', async () => {
    const { current } = await t.ok<{ current: { settings: Record<string, unknown> } }>(
      'Admin/plan',
      {},
      { token: admin },
    );
    const preview = await t.ok<{
      lines: { type: string; level: number; userid: string; amount: string }[];
      total: string;
    }>(
      'Admin/planpreview',
      { settings: { ...current.settings, sponsor_percent: '8' }, amount: '1000', buyer: tree.d.userid },
      { token: admin },
    );
    expect(preview.lines).toEqual([
      expect.objectContaining({ type: 'sponsor', userid: tree.b.userid, amount: '80' }),
      expect.objectContaining({ type: 'level', level: 1, userid: tree.b.userid, amount: '20' }),
      expect.objectContaining({ type: 'level', level: 2, userid: tree.top.userid, amount: '10' }),
      expect.objectContaining({ type: 'pairing', amount: '100' }),
    ]);
    expect(preview.total).toBe('210');
  });
});

describe('admin members', () => {
  it('lists and searches members, and shows one with wallets and team', async () => {
    const list = await t.ok<{ list: { userid: string }[]; total: number }>(
      'Admin/memlist',
      { keyword: tree.top.userid },
      { token: admin },
    );
    expect(list.list.map((m) => m.userid)).toEqual([tree.top.userid]);
    const byMail = await t.ok<{ list: { userid: string }[] }>(
      'Admin/memlist',
      { keyword: tree.d.userid.toUpperCase() },
      { token: admin },
    );
    expect(byMail.list[0]?.userid).toBe(tree.d.userid);
    const detail = await t.ok<{
      sponsor: string;
      placement: string;
      side: string;
      left_count: number;
      wallets: { wallet: string }[];
    }>('Admin/memberdetail', { userid: tree.b.userid }, { token: admin });
    expect(detail).toMatchObject({
      sponsor: tree.top.userid,
      placement: tree.top.userid,
      side: 'L',
      left_count: 1,
      // 300 on the left since day 1, 100 on the right on day 2: one pair, 200 left not yet paired.
      left_volume: '300',
      right_volume: '100',
      left_balance: '200',
      right_balance: '0',
    });
    expect(detail.wallets.map((w) => w.wallet)).toContain('reward');
    expect((await t.call('Admin/memlist', {}, { token: tree.top.token })).http).toBe(403);
  });

  it('freezes a member with a reason (signed out, log-in refused), once, then unfreezes; audited', async () => {
    const m = tree.outsider;
    const frozen = await t.ok(
      'Admin/memberstatus',
      { userid: m.userid, action: 'freeze', reason: 'fraud check' },
      { token: admin },
    );
    expect(frozen).toEqual({ userid: m.userid, status: 'frozen' });
    expect((await t.call('Member/getprofile', {}, { token: m.token })).body.status).toBe(-9);
    expect((await t.call('Logon/login', { username: m.userid, password: m.password })).http).toBe(403);
    const twice = await t.call(
      'Admin/memberstatus',
      { userid: m.userid, action: 'freeze', reason: 'again' },
      { token: admin },
    );
    expect(twice.body.msg).toBe('This member is already frozen');
    await t.ok(
      'Admin/memberstatus',
      { userid: m.userid, action: 'unfreeze', reason: 'cleared' },
      { token: admin },
    );
    m.token = await logInAs(t, m.userid, m.password);
    const detail = await t.ok<{ status: string; status_history: { action: string; reason: string }[] }>(
      'Admin/memberdetail',
      { userid: m.userid },
      { token: admin },
    );
    expect(detail.status).toBe('active');
    expect(detail.status_history.map((h) => [h.action, h.reason])).toEqual([
      ['unfreeze', 'cleared'],
      ['freeze', 'fraud check'],
    ]);
    const root = await t.call(
      'Admin/memberstatus',
      { userid: 'company', action: 'freeze', reason: 'x' },
      { token: admin },
    );
    expect(root.http).toBe(409);
  });

  it("shows today's figures on the admin home", async () => {
    await buy('f', 1); // the only purchase of the test clock's today
    const d = await t.ok<{
      members_total: number;
      members_today: number;
      purchases_today: number;
      volume_today: string;
    }>('Admin/dashboard', {}, { token: admin });
    // Everyone who signed up here (the company root is nobody's sign-up: counted in neither figure).
    const signedUp = await t.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'member')
      .where('sponsor_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(d.members_total).toBe(Number(signedUp.n));
    expect(d.members_today).toBeLessThanOrEqual(d.members_total);
    expect(d).toMatchObject({ purchases_today: 1, volume_today: '100' });
  });

  it('counts a sign-up the propagator has not reached yet once, and once after it has', async () => {
    await propagateTree(t.db);
    const signedUp = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text n from members where role = 'member'
            and sponsor_id is not null`.execute(t.db)
        ).rows[0]!.n,
      );
    const total = async () => (await dashboard(t.db, t.clock)).members_total;
    const before = await total();
    expect(before).toBe(await signedUp());
    // A sign-up still marked for the propagator: no sponsor's team count holds it yet.
    await sql`insert into members (userid, name, password_hash, tx_password_hash, sponsor_id, role, status)
      select ${uniqueUserid('pending')}, '', password_hash, tx_password_hash, id, 'member', 'active'
      from members where userid = 'company'`.execute(t.db);
    expect(await total()).toBe(before + 1);
    await propagateTree(t.db);
    const pending = await sql<{ n: string }>`select count(*)::text n from members where tree_pending`.execute(
      t.db,
    );
    expect(pending.rows[0]!.n).toBe('0');
    expect(await total()).toBe(before + 1);
    expect(await signedUp()).toBe(before + 1);
  });

  it("counts the day's bonuses from bonus expense, not a reversal or another day's", async () => {
    // The test clock's day is not the database's: bonus transfers are written on that day in a transaction that is
    // rolled back, and the figure must grow by exactly the day's bonuses.
    await t.db
      .transaction()
      .execute(async (tx) => {
        const before = await dashboard(tx, t.clock);
        const ids = await sql<{ expense: string; reward: string }>`select
            (select id::text from ledger_accounts where platform = 'bonus_expense' and asset = 'USDT') expense,
            (select id::text from ledger_accounts where member_id is not null and asset = 'USDT' limit 1) reward`.execute(
          tx,
        );
        const { expense, reward } = ids.rows[0]!;
        const at = (days: number) => sql`${before.date}::date + ${days}::int + interval '12 hours'`;
        await sql`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind,
            debit_balance_after, credit_balance_after, created_at) values
          (1, ${expense}, ${reward}, 1500000, 'USDT', 'bonus_sponsor', 0, 0, ${at(0)}),
          (1, ${expense}, ${reward}, 2000000, 'USDT', 'bonus_pairing', 0, 0, ${at(0)}),
          (1, ${expense}, ${reward}, 250000, 'USDT', 'bonus_level', 0, 0, ${at(0)}),
          (1, ${reward}, ${expense}, 500000, 'USDT', 'bonus_reversal', 0, 0, ${at(0)}),
          (1, ${expense}, ${reward}, 9000000, 'USDT', 'bonus_level', 0, 0, ${at(-1)}),
          (1, ${expense}, ${reward}, 8000000, 'USDT', 'bonus_level', 0, 0, ${at(1)})`.execute(tx);
        const after = await dashboard(tx, t.clock);
        expect(Number(after.bonuses_today) - Number(before.bonuses_today)).toBeCloseTo(3.75, 6);
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
  });
});

describe('bad input', () => {
  it('refuses out-of-range tree and downline requests, naming the field', async () => {
    const { token } = tree.top;
    for (const [call, body, field] of [
      ['Tree/gettree', { levels: 9 }, 'levels'],
      ['member/downlinelist2', { level: 6 }, 'level'],
      ['Tree/addfavorite', { userid: '' }, 'userid'],
      ['member/searchdownline', {}, 'keyword'],
    ] as const) {
      const res = await t.call(call, body, { token });
      expect(res.http, call).toBe(422);
      expect(res.body.errors?.[0]?.field, call).toBe(field);
    }
    expect((await t.ok<{ total: number }>('Tree/showfavorite2', {}, { token })).total).toBe(0);
  });

  it('refuses a bad plan or preview and a freeze without a reason, changing nothing', async () => {
    const before = await t.ok<{ current: { version: number; settings: Record<string, unknown> } }>(
      'Admin/plan',
      {},
      { token: admin },
    );
    const unit = await t.call(
      'Admin/plansave',
      { settings: { ...before.current.settings, pair_unit: '0' }, note: 'no unit' },
      { token: admin },
    );
    expect(unit.http).toBe(422);
    expect(unit.body.msg).toBe('The pair volume must be more than 0');
    const noNote = await t.call('Admin/plansave', { settings: before.current.settings }, { token: admin });
    expect(noNote.body.errors?.[0]?.field).toBe('note');
    const after = await t.ok<{ current: { version: number } }>('Admin/plan', {}, { token: admin });
    expect(after.current.version).toBe(before.current.version);

    for (const amount of ['abc', '0', '1.0000001']) {
      const res = await t.call(
        'Admin/planpreview',
        { settings: before.current.settings, amount },
        { token: admin },
      );
      expect(res.http, amount).toBe(422);
      expect(res.body.errors?.[0]?.field, amount).toBe('amount');
    }
    const noBuyer = await t.call(
      'Admin/planpreview',
      { settings: before.current.settings, amount: '100', buyer: 'nosuchmember1' },
      { token: admin },
    );
    expect(noBuyer.http).toBe(404);

    const noReason = await t.call(
      'Admin/memberstatus',
      { userid: tree.c.userid, action: 'freeze' },
      { token: admin },
    );
    expect(noReason.body.errors?.[0]?.field).toBe('reason');
    const detail = await t.ok<{ status: string }>(
      'Admin/memberdetail',
      { userid: tree.c.userid },
      { token: admin },
    );
    expect(detail.status).toBe('active');
  });
});

describe('propagation', () => {
  it('counts every new member once however many propagators run at once', async () => {
    const before = await t.ok<{ left_count: number; right_count: number }>(
      'Tree/getgroupinfo2',
      {},
      { token: tree.top.token },
    );
    // A chain of 20 under d: each the left child of the one before.
    const d = await t.db
      .selectFrom('members')
      .select('id')
      .where('userid', '=', tree.d.userid)
      .executeTakeFirstOrThrow();
    let parent = d.id;
    for (let i = 0; i < 20; i++) {
      const r = await t.db
        .insertInto('members')
        .values({
          userid: uniqueUserid(`q${i}`),
          name: '',
          sponsor_id: d.id,
          placement_parent_id: parent,
          side: 'L',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      parent = r.id;
    }
    await Promise.all([propagateTree(t.db), propagateTree(t.db), propagateTree(t.db)]);
    const after = await t.ok<{ left_count: number; right_count: number }>(
      'Tree/getgroupinfo2',
      {},
      { token: tree.top.token },
    );
    expect(after.left_count).toBe(before.left_count + 20);
    expect(after.right_count).toBe(before.right_count);
    // The bottom of the chain is 22 levels below top and still in its downline.
    const bottom = await t.db
      .selectFrom('members')
      .select('userid')
      .where('id', '=', parent)
      .executeTakeFirstOrThrow();
    const one = await t.ok<{ depth: number }>(
      'Member/searchmember',
      { userid: bottom.userid },
      { token: tree.top.token },
    );
    expect(one.depth).toBe(22);
  });
});
