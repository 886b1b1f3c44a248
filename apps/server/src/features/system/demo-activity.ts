import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { manualClock } from '../../lib/clock.ts';
import { memoryRateLimiter } from '../../lib/rate-limit.ts';
import type { Deps } from '../../platform/deps.ts';
import { addDays, todayOf } from '../../platform/dates.ts';
import { outboxNotifier } from '../../adapters/notify/notifier.ts';
import { demoArt } from '../content/index.ts';
import { DEMO_TX_PASSWORD } from './demo.ts';
import { Caller } from './demo-caller.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { DEMO_RECRUITS } from './demo-recruits.ts';

const DAYS = 6;
const TX = DEMO_TX_PASSWORD;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BSC = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The made-up TRON transaction that paid bob's first withdrawal by hand. */
const DEMO_TRON_TX = '5f1c0d7e9a3b4c2d8e6f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f';

/** Builds the whole app without listening: app.ts's buildApp, passed in by the composition root (main.ts). */
export type AppBuilder = (
  deps: Deps,
  options: { logger: false; serveWeb: false },
) => Promise<FastifyInstance>;

type DemoClock = ReturnType<typeof manualClock>;

/** What the week's steps share: the calls, the demo's clock, the admin's and the members' tokens, the buyers. */
type Week = {
  c: Caller;
  clock: DemoClock;
  adminToken: string;
  tokens: Record<string, string>;
  buyers: string[];
};

let keySeq = 0;
const key = () => `demo-${++keySeq}`;

/**
 * A week of life for the demo, so every screen a newcomer opens shows something real: a team several levels deep,
 * mining packages bought a week ago with their daily income and the bonuses they paid up the tree, transfers,
 * withdrawals waiting for approval and identities waiting for review. All of it goes through the app's own calls
 * (sign-up with its code, KYC with pictures, purchases, the daily jobs for each past date, admin decisions), on a
 * clock that starts DAYS days ago: the same rules and the same ledger as production.
 */
export async function loadDemoActivity(
  config: Config,
  db: Db,
  admin: { userid: string; password: string },
  buildApp: AppBuilder,
) {
  const start = new Date(Date.now() - DAYS * 24 * 3600_000);
  const clock = manualClock(start);
  const app = await demoApp(config, db, clock, buildApp);
  const c = new Caller(app, db);
  try {
    const adminToken = await c.logIn(admin.userid, admin.password);
    await signUpRecruits(c);
    const w = await verifyIdentities(c, clock, adminToken);
    await buyPackages(w);
    await passDays(w);
    await makeWithdrawals(w);
    const products = await addProducts(w);
    await shipAliceOrder(w, products);
    await keepGoods(w, products);
  } finally {
    await app.close();
  }
}

/** The demo's own in-process server: production's calls and rules, its limits out of the way, no listening. */
function demoApp(config: Config, db: Db, clock: DemoClock, buildApp: AppBuilder) {
  return buildApp(
    {
      config: {
        ...config,
        allowFutureJobs: false,
        limits: {
          ...config.limits,
          loginPerMinute: 100_000,
          tacPer10Minutes: 100_000,
          globalPerMinute: 100_000,
        },
      },
      db,
      clock,
      notifier: outboxNotifier(db),
      limiter: memoryRateLimiter(() => clock.now().getTime()),
    },
    { logger: false, serveWeb: false },
  );
}

function fund(w: Week, userid: string, amount: string) {
  return w.c.call(
    'Admin/adjustbalance',
    { userid, wallet: 'funds', asset: 'USDT', amount, reason: 'Demo top-up', idempotency_key: key() },
    w.adminToken,
  );
}

/** A team several levels deep, each recruit placed under its sponsor. */
async function signUpRecruits(c: Caller) {
  for (const r of DEMO_RECRUITS) {
    await c.signUp(r.userid, r.email, r.sponsor, r.sponsor, r.side);
    await c.call('Member/updateprofile', { name: r.name }, await c.logIn(r.userid));
  }
}

/** Identities: alice and a few buyers verified by the admin; two left waiting for review. */
async function verifyIdentities(c: Caller, clock: DemoClock, adminToken: string): Promise<Week> {
  const buyers = ['alice', 'carol', 'david', ...DEMO_RECRUITS.filter((r) => r.buys).map((r) => r.userid)];
  const tokens: Record<string, string> = {};
  for (const userid of [...buyers, 'bob', 'erin']) tokens[userid] = await c.logIn(userid);
  const tints: [number, number, number][] = [
    [255, 170, 0],
    [60, 120, 200],
    [40, 160, 110],
    [190, 80, 120],
  ];
  for (const [i, userid] of buyers.entries())
    await c.submitKyc(
      tokens[userid] ?? '',
      `${userid} demo`,
      `90010${String(i).padStart(2, '0')}145521`,
      tints[i % 4] ?? [255, 170, 0],
    );
  const pending = await c.call<{ list: { id: string; userid: string }[] }>(
    'Admin/kyclist',
    { status: 'pending', page: 1, pagesize: 100 },
    adminToken,
  );
  for (const k of pending.list) await c.call('Admin/kycreview', { id: k.id, action: 'approve' }, adminToken);
  await c.submitKyc(tokens.bob ?? '', 'Bob Lim', '880412105533', [60, 120, 200]);
  await c.submitKyc(tokens.erin ?? '', 'Erin Chua', '950101145522', [190, 80, 120]);
  return { c, clock, adminToken, tokens, buyers };
}

/** A week ago the buyers bought mining packages: the sponsors' bonuses and the team volume follow. */
async function buyPackages(w: Week) {
  const { c, tokens, buyers } = w;
  const packages = await c.call<{ list: { id: string; unit_price: string }[] }>(
    'Mining/allPackages',
    {},
    tokens.alice,
  );
  for (const [i, userid] of buyers.entries()) {
    if (userid !== 'alice') await fund(w, userid, '600');
    const pkg = packages.list[i % packages.list.length];
    if (!pkg) break;
    await c.call(
      'asset/BuyProductSave',
      {
        package_id: pkg.id,
        quantity: 2 + (i % 4),
        wallet: 'funds',
        agree: true,
        tx_password: TX,
        idempotency_key: key(),
      },
      tokens[userid],
    );
  }
}

/** Then the days went by: income and pairing settled for each, and some money moved between members. */
async function passDays({ c, clock, adminToken, tokens, buyers }: Week) {
  for (let day = 1; day <= DAYS; day++) {
    clock.advance(24 * 3600_000);
    const date = todayOf(clock);
    await c.call('Admin/runjob', { job: 'mining_income', date }, adminToken);
    await c.call('Admin/runjob', { job: 'pairing', date: addDays(date, -1) }, adminToken);
    const from = buyers[day % buyers.length] ?? 'alice';
    const to = buyers[(day + 3) % buyers.length] ?? 'carol';
    if (from !== to)
      await c.call(
        'asset/transfersave',
        {
          to_userid: to,
          amount: String(5 + day),
          wallet: 'funds',
          tx_password: TX,
          idempotency_key: key(),
        },
        tokens[from],
      );
  }
}

/**
 * Withdrawals: bob's first one paid by hand (TRC-20, its transaction recorded), carol's first approved and waiting to
 * be paid by hand (BEP-20), and one of each waiting in the admin queue.
 */
async function makeWithdrawals({ c, adminToken, tokens }: Week) {
  await c.call(
    'member/updatecaddress',
    { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
    tokens.bob,
  );
  await c.call(
    'member/updatecaddress',
    { address: BSC, address_type: 'USDT-BEP20', tx_password: TX },
    tokens.carol,
  );
  const paid = await c.call<{ id: string }>(
    'asset/withdrawsave',
    { amount: '50', tx_password: TX, idempotency_key: key() },
    tokens.bob,
  );
  await c.call('Admin/AdminApprovewd', { id: paid.id, action: 'approve' }, adminToken);
  await c.call('Admin/wdmanualpaid', { id: paid.id, tx_hash: DEMO_TRON_TX }, adminToken);
  const byHand = await c.call<{ id: string }>(
    'asset/withdrawsave',
    { amount: '20', tx_password: TX, idempotency_key: key() },
    tokens.carol,
  );
  await c.call('Admin/AdminApprovewd', { id: byHand.id, action: 'approve' }, adminToken);
  await c.call('asset/withdrawsave', { amount: '120', tx_password: TX, idempotency_key: key() }, tokens.bob);
  await c.call('asset/withdrawsave', { amount: '35', tx_password: TX, idempotency_key: key() }, tokens.carol);
}

/** The shop: products in USDT and deposit points, with their pictures; returns their ids in DEMO_PRODUCTS' order. */
async function addProducts({ c, adminToken }: Week): Promise<string[]> {
  const products: string[] = [];
  for (const [i, { picture, ...p }] of DEMO_PRODUCTS.entries()) {
    const imageId = await c.uploadPicture(adminToken, picture, demoArt(picture));
    const saved = await c.call<{ id: string }>(
      'Admin/productsave',
      {
        ...p,
        image_id: imageId,
        asset: 'USDT',
        active: true,
        sort_order: i,
        prices: [{ asset: 'DP', price: String(Number(p.price) * 2) }],
      },
      adminToken,
    );
    products.push(saved.id);
  }
  return products;
}

/** Alice ships an order home, paid in deposit points. */
async function shipAliceOrder({ c, adminToken, tokens }: Week, products: string[]) {
  await c.call(
    'Admin/adjustbalance',
    {
      userid: 'alice',
      wallet: 'deposit_points',
      asset: 'DP',
      amount: '500',
      reason: 'Demo points',
      idempotency_key: key(),
    },
    adminToken,
  );
  const home = await c.call<{ id: string }>(
    'Member/addresssave',
    {
      name: 'Alice Tan',
      phone: '+60 12 345 6789',
      line1: '12 Jalan Ampang',
      city: 'Kuala Lumpur',
      postcode: '50450',
      country: 'Malaysia',
      lat: 3.1579,
      lng: 101.7123,
      is_default: true,
    },
    tokens.alice,
  );
  await c.call('Shop/cartsave', { product_id: products[0], quantity: 2 }, tokens.alice);
  await c.call('Shop/cartsave', { product_id: products[2], quantity: 1 }, tokens.alice);
  await c.call(
    'Asset/BuyProductSave2',
    {
      wallet: 'deposit_points',
      delivery: 'ship',
      address_id: home.id,
      agree: true,
      tx_password: TX,
      idempotency_key: key(),
    },
    tokens.alice,
  );
}

/** Goods kept in stock: carol's order, and alice's, one of which she passes to bob; then alice's next visit. */
async function keepGoods({ c, clock, adminToken, tokens }: Week, products: string[]) {
  await c.call('Shop/cartsave', { product_id: products[1], quantity: 3 }, tokens.carol);
  await c.call(
    'Asset/BuyProductSave2',
    { wallet: 'funds', delivery: 'keep', agree: true, tx_password: TX, idempotency_key: key() },
    tokens.carol,
  );
  // Goods alice keeps in her inventory, one of which she passed to bob.
  await c.call('Shop/cartsave', { product_id: products[3], quantity: 3 }, tokens.alice);
  await c.call(
    'Asset/BuyProductSave2',
    { wallet: 'funds', delivery: 'keep', agree: true, tx_password: TX, idempotency_key: key() },
    tokens.alice,
  );
  await c.call(
    'Inventory/transfersave',
    { to_userid: 'bob', product_id: products[3], quantity: 1, tx_password: TX, idempotency_key: key() },
    tokens.alice,
  );
  // A shop voucher for alice's next order.
  await c.call(
    'Admin/voucherissue',
    {
      userid: 'alice',
      discount_percent: '10',
      expires_on: addDays(todayOf(clock), 60),
      scope: 'shop',
      note: 'Welcome to the shop',
    },
    adminToken,
  );
  // Something left in alice's cart for the next visit.
  await c.call('Shop/cartsave', { product_id: products[4], quantity: 1 }, tokens.alice);
}
