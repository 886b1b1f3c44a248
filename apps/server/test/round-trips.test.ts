import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { newMember } from './helpers.ts';
import { countRoundTrips, type TripCounter } from './round-trip-counter.ts';
import { adminToken, fund, newKey } from './money.ts';

/**
 * Database round trips of every GET and of the calls the home, wallet and Me screens make when they open, for a
 * member who has used the app a moment before (DESIGN.md section 4, issue 16): what the change feed keeps true is
 * served from memory, and the rest costs one round trip.
 */
const SCREENS: { call: string; body?: Record<string, unknown>; trips: number }[] = [
  // GET calls
  { call: 'index/downloadurl', trips: 0 },
  { call: 'index/check_version', body: { version: '1.0.0' }, trips: 0 },
  { call: 'Index/getdata', trips: 0 },
  { call: 'Member/getinfoc', trips: 0 },
  // Home
  { call: 'Logon/getAnnouncement', body: { page: 1, pagesize: 10 }, trips: 0 },
  { call: 'Main/sliderImgs', trips: 0 },
  { call: 'Main/showLatestNews', trips: 0 },
  { call: 'Home/getAllNews', body: { page: 1, pagesize: 10 }, trips: 0 },
  { call: 'Main/cmsPackages', trips: 1 },
  // Wallet
  { call: 'asset/index2', trips: 0 },
  { call: 'Asset/getwalletbalance', trips: 0 },
];

let t: TestApp;
let token: string;
let admin: string;
let userid: string;

let counter: TripCounter;
const tripsOf = (call: string, body?: Record<string, unknown>) => counter.tripsOf(call, body);

beforeAll(async () => {
  t = await createTestApp();
  const m = await newMember(t);
  token = m.token;
  userid = m.userid;
  admin = await adminToken(t);
  await fund(t, admin, userid, '50');
  counter = await countRoundTrips(t, token);
});

afterAll(async () => {
  counter?.restore();
  await t.close();
});

describe('round trips of the reads every screen makes', () => {
  for (const { call, body, trips } of SCREENS) {
    it(`${call}: ${trips} once warm`, async () => {
      await tripsOf(call, body);
      expect(await tripsOf(call, body)).toBe(trips);
    });
  }

  it('reads the balances again after the member spends, once', async () => {
    await tripsOf('Asset/getwalletbalance');
    const other = await newMember(t);
    await t.ok(
      'asset/transfersave',
      {
        to_userid: other.userid,
        amount: '1.5',
        wallet: 'funds',
        tx_password: '654321',
        idempotency_key: newKey(),
      },
      { token },
    );
    // The change goes out to the other servers a few milliseconds after the posting (a query of its own).
    await new Promise((r) => setTimeout(r, 50));
    counter.reset();
    const data = await t.ok<{ wallets: { wallet: string; asset: string; balance: string }[] }>(
      'Asset/getwalletbalance',
      {},
      { token },
    );
    expect(counter.since()).toBe(1);
    expect(data.wallets.find((w) => w.wallet === 'funds' && w.asset === 'USDT')?.balance).toBe('48.5');
    expect(await tripsOf('Asset/getwalletbalance')).toBe(0);
  });

  it('posts a transfer in one round trip once the sender, recipient and accounts are known', async () => {
    const other = await newMember(t);
    const send = () =>
      t.ok(
        'asset/transfersave',
        {
          to_userid: other.userid,
          amount: '1',
          wallet: 'funds',
          tx_password: '654321',
          idempotency_key: newKey(),
        },
        { token },
      );
    await send();
    await new Promise((r) => setTimeout(r, 50));
    counter.reset();
    await send();
    expect(counter.sentSince().filter((q) => !q.includes('pg_notify'))).toEqual(['ledger_post_single']);
  });

  it('reads the member card again after the member changes it', async () => {
    await t.ok('Member/updateprofile', { name: 'Renamed Member' }, { token });
    const card = await t.ok<{ username: string }>('Member/getinfoc', {}, { token });
    expect(card.username).toBe('Renamed Member');
  });
});
