import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { newMember } from './helpers.ts';
import { countRoundTrips, eventually, type TripCounter } from './round-trip-counter.ts';
import { packageBody } from './mining.ts';
import { adminToken, fund, newKey } from './money.ts';

/**
 * What the home, wallet and market screens read on opening beyond round-trips.test.ts (issue 32, bench/reads): the
 * answers kept in memory and what makes the next read fresh.
 */
let t: TestApp;
let token: string;
let memberId: string;
let noticeId: string;
let admin: string;

let counter: TripCounter;
const tripsOf = (call: string, body?: Record<string, unknown>) => counter.tripsOf(call, body);

/**
 * The round trips of `call` once the change feed has delivered what was committed before: a notification that comes
 * after a read which already saw its change still makes the next read fresh (as it must), so a call may read once
 * more before it is served from memory. A cache that never serves from memory still fails.
 */
const settledTripsOf = (call: string) =>
  eventually(
    () => tripsOf(call),
    (n) => n === 0,
  );

/** A published notice, written as the CMS writes it (the content triggers tell the servers). */
async function publishNotice(title: string): Promise<string> {
  const item = await t.db
    .insertInto('content_items')
    .values({ kind: 'notice', published: true, publish_at: new Date(t.clock.now().getTime() - 60_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('content_texts')
    .values({ item_id: item.id, lang: 'en-US', title, summary: '', body_html: `<p>${title}</p>` })
    .execute();
  return String(item.id);
}

type Notice = { notice: { id: number; title: string } | null };

beforeAll(async () => {
  t = await createTestApp();
  const m = await newMember(t);
  token = m.token;
  memberId = (
    await t.db.selectFrom('members').select('id').where('userid', '=', m.userid).executeTakeFirstOrThrow()
  ).id;
  admin = await adminToken(t);
  await fund(t, admin, m.userid, '50');
  noticeId = await publishNotice('Read me first');
  counter = await countRoundTrips(t, token);
});

afterAll(async () => {
  counter?.restore();
  await t.close();
});

describe('the reads of the home and wallet screens', () => {
  it('asks no database for the next notice once warm', async () => {
    await tripsOf('Logon/checkxmlnews');
    expect(await settledTripsOf('Logon/checkxmlnews')).toBe(0);
  });

  it('shows the next notice once the member has seen one, on this server at once', async () => {
    const first = await t.ok<Notice>('Logon/checkxmlnews', {}, { token });
    expect(first.notice?.id).toBe(Number(noticeId));
    const after = await t.ok<Notice>('Logon/checkxmlnews', { seen_id: noticeId }, { token });
    expect(after.notice).toBeNull();
    expect((await t.ok<Notice>('Logon/checkxmlnews', {}, { token })).notice).toBeNull();
  });

  it('hears a notice seen through another server (the table tells every server)', async () => {
    const second = await publishNotice('Another notice');
    const shown = await eventually(
      () => t.ok<Notice>('Logon/checkxmlnews', {}, { token }),
      (v) => v.notice?.id === Number(second),
    );
    expect(shown.notice?.id).toBe(Number(second));
    expect(await settledTripsOf('Logon/checkxmlnews')).toBe(0);
    // Another server marks it seen: this one has no local note of it, only the notification.
    await t.db.insertInto('notice_seen').values({ member_id: memberId, item_id: second }).execute();
    const after = await eventually(
      () => t.ok<Notice>('Logon/checkxmlnews', {}, { token }),
      (v) => v.notice === null,
    );
    expect(after.notice).toBeNull();
  });

  it('lists a package on sale as its row is now: after a sale and after an edit', async () => {
    type Listed = { list: { id: string; stock: number; unit_price: string }[] };
    const saved = await t.ok<{ id: string }>('Admin/packagesave', packageBody(t, { stock: 10 }), {
      token: admin,
    });
    const listed = async () =>
      (await t.ok<Listed>('Main/cmsPackages', {}, { token })).list.find((p) => p.id === saved.id);
    expect(await listed()).toMatchObject({ stock: 10, unit_price: '100' });
    // A sale takes stock (as the purchase's own statement does).
    await t.db.updateTable('mining_packages').set({ stock: 7 }).where('id', '=', saved.id).execute();
    expect(await listed()).toMatchObject({ stock: 7, unit_price: '100' });
    await t.ok('Admin/packagesave', packageBody(t, { id: saved.id, stock: 7, unit_price: '120' }), {
      token: admin,
    });
    expect(await listed()).toMatchObject({ stock: 7, unit_price: '120' });
  });

  it('values the wallets again after the balances change', async () => {
    type Overview = { total_usdt: string };
    const before = await t.ok<Overview>('asset/index2', {}, { token });
    expect(await settledTripsOf('asset/index2')).toBe(0);
    const other = await newMember(t);
    await t.ok(
      'asset/transfersave',
      {
        to_userid: other.userid,
        amount: '2',
        wallet: 'funds',
        tx_password: '654321',
        idempotency_key: newKey(),
      },
      { token },
    );
    const after = await t.ok<Overview>('asset/index2', {}, { token });
    expect(Number(after.total_usdt)).toBe(Number(before.total_usdt) - 2);
  });
});
