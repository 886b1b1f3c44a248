import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayOf } from '../src/platform/dates.ts';
import { redisRateLimiter } from '../src/lib/rate-limit.ts';
import { createTestApp, type TestApp } from './app.ts';
import { packageBody } from './mining.ts';
import { latestCode, newMember } from './helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from './money.ts';
import { hasRedis, startRedis } from './redis.ts';

/**
 * Two app servers on one PostgreSQL with Redis (issue 16): each has its own connections, caches, change feed and
 * Redis client, as two machines behind a load balancer would. Races run against both at once.
 */
const TX = '654321';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let redis: { port: number; stop: () => void };
const clients: Redis[] = [];
let a: TestApp;
let b: TestApp;
let admin: string;

function redisLimiter() {
  const client = new Redis({ port: redis.port, host: '127.0.0.1' });
  clients.push(client);
  return redisRateLimiter(client);
}

/** Polls until `check` holds; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - started;
}

/**
 * A server's view of a member's balance once its cache has followed the change feed (a write on the other server
 * reaches it within ms): read until it shows `expected` (at most 2 s), then asserted.
 */
async function expectBalance(t: TestApp, token: string, expected: string) {
  await within(2000, async () => (await balanceOf(t, token)).balance === expected).catch(() => undefined);
  expect((await balanceOf(t, token)).balance).toBe(expected);
}

/** A member funded with 100 USDT (on a) who asked to withdraw `amount` to a TRC-20 address (on b). */
async function withdrawalRequested(amount: string) {
  const m = await newMember(a);
  await fund(a, admin, m.userid, '100');
  await a.ok(
    'member/updatecaddress',
    { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
    { token: m.token },
  );
  const w = await b.ok<{ id: string }>(
    'asset/withdrawsave',
    { amount, tx_password: TX, idempotency_key: newKey() },
    { token: m.token },
  );
  return { ...m, id: w.id };
}

/** Server t shows the member's 100 USDT with `pending` of it held, within 2 s (it follows the other's changes). */
const showsHeld = (t: TestApp, token: string, pending: string) =>
  within(2000, async () => {
    const bal = await balanceOf(t, token);
    return bal.balance === '100' && bal.pending === pending;
  });

describe.skipIf(!hasRedis())('two app servers on one database', () => {
  beforeAll(async () => {
    redis = await startRedis();
    a = await createTestApp({ limiter: redisLimiter(), config: { allowFutureJobs: true } });
    b = await createTestApp({ limiter: redisLimiter(), database: a.url, config: { allowFutureJobs: true } });
    admin = await adminToken(a);
  });
  afterEach(() => expectLedgerHealthy(a));
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await Promise.all(clients.map((c) => c.quit()));
    redis?.stop();
  });

  it('a double spend split across both servers spends once', async () => {
    const m = await newMember(a);
    const to = await newMember(b);
    await fund(a, admin, m.userid, '100');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).call(
          'asset/transfersave',
          { to_userid: to.userid, amount: '60', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
          { token: m.token },
        ),
      ),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === 'Insufficient balance')).toHaveLength(19);
    await expectBalance(a, m.token, '40');
    await expectBalance(b, m.token, '40');
  });

  it('one idempotency key sent to both servers at once posts once, and every answer is the same', async () => {
    const m = await newMember(a);
    const to = await newMember(a);
    await fund(a, admin, m.userid, '100');
    const key = newKey();
    const body = {
      to_userid: to.userid,
      amount: '7',
      wallet: 'funds',
      tx_password: TX,
      idempotency_key: key,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).call('asset/transfersave', body, { token: m.token }),
      ),
    );
    expect(results.every((r) => r.body.status === 1)).toBe(true);
    expect(new Set(results.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    await expectBalance(b, m.token, '93');
    const other = await b.call('asset/transfersave', { ...body, amount: '8' }, { token: m.token });
    expect(other.body.code).toBe(409);
  });

  it('an approval on one server and a rejection on the other: one decision wins', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await withdrawalRequested('50');
      const [approve, reject] = await Promise.all([
        a.call('Admin/AdminApprovewd', { id: w.id, action: 'approve' }, { token: admin }),
        b.call('Admin/AdminApprovewd', { id: w.id, action: 'reject', reason: 'duplicate' }, { token: admin }),
      ]);
      expect([approve, reject].filter((r) => r.body.status === 1)).toHaveLength(1);
      expect([approve, reject].find((r) => r.body.status !== 1)?.body.msg).toBe(
        'This withdrawal has already been decided',
      );
      // Approved, the money stays held: these servers have no hot wallet, so the network is paid by hand and nothing
      // is posted until an admin records the payout (DECISIONS 49). Rejected, the hold is voided. Read on both
      // servers: the one that did not decide follows the other's decision through the change feed, within ms.
      const pending = approve.body.status === 1 ? '50' : '0';
      for (const t of [a, b]) await showsHeld(t, w.token, pending);
    }
  });

  it('a decision made on one server is what the other shows: approved stays held, rejected is given back', async () => {
    const approved = await withdrawalRequested('40');
    const rejected = await withdrawalRequested('40');
    await a.ok('Admin/AdminApprovewd', { id: approved.id, action: 'approve' }, { token: admin });
    await b.ok(
      'Admin/AdminApprovewd',
      { id: rejected.id, action: 'reject', reason: 'duplicate' },
      { token: admin },
    );
    const status = async (t: TestApp, token: string) =>
      (await t.ok<{ list: { status: string }[] }>('Asset/withdrawlist', {}, { token })).list[0]?.status;
    // Each server shows the decision the other made, and the balance it leaves (no hot wallet: paid by hand, so an
    // approval keeps the money held until the payout is recorded).
    expect(await status(b, approved.token)).toBe('approved');
    expect(await status(a, rejected.token)).toBe('rejected');
    for (const t of [a, b]) {
      await showsHeld(t, approved.token, '40');
      await showsHeld(t, rejected.token, '0');
    }
  });

  it('a login limit holds across both servers, not twice over', async () => {
    const limited = { loginPerMinute: 4 };
    const c = await createTestApp({ limiter: redisLimiter(), database: a.url, limits: limited });
    const d = await createTestApp({ limiter: redisLimiter(), database: a.url, limits: limited });
    try {
      const m = await newMember(a);
      const ip = `10.9.${Math.floor(Math.random() * 250)}.7`;
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await (i % 2 ? c : d).call(
          'Logon/login',
          { username: m.userid, password: 'wrong-one' },
          { ip },
        );
        codes.push(r.body.code);
      }
      // The member's sign-up login on server a counted too: 4 attempts per user a minute, wherever they land.
      expect(codes).toEqual([422, 422, 422, 429, 429, 429, 429, 429]);
    } finally {
      await c.close();
      await d.close();
    }
  });

  it('a logout, a password change or a freeze on one server ends the session on the other at once', async () => {
    const m = await newMember(a);
    await b.ok('Member/getinfoc', {}, { token: m.token });
    await b.ok('Member/getinfoc', {}, { token: m.token });
    await a.ok('Logon/logout', {}, { token: m.token });
    const logoutMs = await within(
      1000,
      async () => (await b.call('Member/getinfoc', {}, { token: m.token })).body.status === -9,
    );

    const p = await newMember(a);
    await b.ok('Member/getinfoc', {}, { token: p.token });
    await a.ok(
      'member/updatepwd',
      { old_password: p.password, password: 'newsecret1', confirm_password: 'newsecret1' },
      { token: p.token },
    );
    await within(
      1000,
      async () => (await b.call('Member/getinfoc', {}, { token: p.token })).body.status === -9,
    );

    const f = await newMember(a);
    await b.ok('Member/getinfoc', {}, { token: f.token });
    await a.ok(
      'Admin/memberstatus',
      { userid: f.userid, action: 'freeze', reason: 'test' },
      { token: admin },
    );
    await within(
      1000,
      async () => (await b.call('Member/getinfoc', {}, { token: f.token })).body.status === -9,
    );
    expect(logoutMs).toBeLessThan(1000);
  });

  it('what one server changes the other serves at once: the card, a setting, the balances', async () => {
    const m = await newMember(a);
    await b.ok('Member/getinfoc', {}, { token: m.token });
    await a.ok('Member/updateprofile', { name: 'Changed On A' }, { token: m.token });
    await within(
      1000,
      async () =>
        (await b.ok<{ username: string }>('Member/getinfoc', {}, { token: m.token })).username ===
        'Changed On A',
    );

    type Coins = { list: { asset: string; price_usdt: string }[] };
    const xtPrice = async () =>
      (await b.ok<Coins>('asset/getcoin', {}, { token: m.token })).list.find((c) => c.asset === 'XT')
        ?.price_usdt;
    const price = (await xtPrice()) === '0.75' ? '0.8' : '0.75';
    await a.ok('Admin/setexchangerate', { price_usdt: price, spread_percent: '1' }, { token: admin });
    await within(1000, async () => (await xtPrice()) === price);

    const to = await newMember(b);
    await fund(a, admin, m.userid, '30');
    await balanceOf(b, m.token);
    await balanceOf(b, to.token);
    await a.ok(
      'asset/transfersave',
      { to_userid: to.userid, amount: '10', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    await within(1000, async () => (await balanceOf(b, m.token)).balance === '20');
    await within(1000, async () => (await balanceOf(b, to.token)).balance === '10');
  });

  it('a security change on one server holds transfers on the other at once', async () => {
    const m = await newMember(a);
    const to = await newMember(b);
    await fund(a, admin, m.userid, '30');
    const send = (app: TestApp) =>
      app.call(
        'asset/transfersave',
        { to_userid: to.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
        { token: m.token },
      );
    // b has read (and keeps) the member's hold: none.
    expect((await send(b)).body.status).toBe(1);
    await a.ok(
      'member/updateTransactionPwd',
      await (async () => {
        await a.ok('Member/getVerificationCode', { purpose: 'tx_password' }, { token: m.token });
        return {
          password: m.password,
          tac: await latestCode(a, m.email),
          tx_password: '111222',
          confirm_tx_password: '111222',
        };
      })(),
      { token: m.token },
    );
    await within(1000, async () => (await send(b)).body.code === 409);
    expect((await balanceOf(b, m.token)).balance).toBe('29');
  });

  it('a daily job run on both servers at once pays once', async () => {
    const today = todayOf(a.clock);
    const pkg = await a.ok<{ id: string }>(
      'Admin/packagesave',
      packageBody(a, { name: 'Two servers', start_date: today }),
      { token: admin },
    );
    const m = await newMember(a);
    await a.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
    await fund(a, admin, m.userid, '300');
    await b.ok(
      'asset/BuyProductSave',
      {
        package_id: pkg.id,
        quantity: 2,
        wallet: 'funds',
        agree: true,
        tx_password: TX,
        idempotency_key: newKey(),
      },
      { token: m.token },
    );
    const date = addDays(today, 1);
    const [ra, rb] = await Promise.all([
      a.call('Admin/runjob', { job: 'mining_income', date }, { token: admin }),
      b.call('Admin/runjob', { job: 'mining_income', date }, { token: admin }),
    ]);
    expect([ra.body.status, rb.body.status]).toEqual([1, 1]);
    const income = await a.db
      .selectFrom('mining_income')
      .innerJoin('mining_orders', 'mining_orders.id', 'mining_income.order_id')
      .innerJoin('members', 'members.id', 'mining_orders.member_id')
      .select(['mining_income.amount'])
      .where('members.userid', '=', m.userid)
      .execute();
    expect(income).toHaveLength(1);
    // 2 units x (1.25 - 0.05) a day, paid once.
    await expectBalance(b, m.token, '102.4');
  });
});
