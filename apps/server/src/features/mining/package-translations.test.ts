import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { packageBody } from '../../../test/mining.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { addDays, todayOf } from '../../platform/dates.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

type Pkg = { id: string; name: string; description: string; assumptions_note: string };
type Translation = { lang: string; name: string; description: string; assumptions_note: string };

const ZH = {
  lang: 'zh-CN',
  name: '比特币云算力',
  description: '按日结算。',
  assumptions_note: '按当日难度。',
};

function packageSave(overrides: Record<string, unknown> = {}) {
  return t.call<Pkg & { translations: Translation[] }>(
    'Admin/packagesave',
    packageBody(t, {
      name: 'BTC cloud',
      description: 'Settled daily.',
      assumptions_note: 'At that day’s difficulty.',
      translations: [ZH],
      ...overrides,
    }),
    { token: admin },
  );
}

async function newPackage(overrides: Record<string, unknown> = {}) {
  const res = await packageSave(overrides);
  expect(res.body.status).toBe(1);
  return res.body.data!;
}

describe('mining package names in the member’s language', () => {
  it('lists and shows a package in Chinese to a Chinese reader, the default texts to others', async () => {
    const p = await newPackage();
    const m = await newMember(t);
    const inZh = { token: m.token, lang: 'zh-CN' };
    const listed = await t.ok<{ list: Pkg[] }>('Mining/allPackages', {}, inZh);
    expect(listed.list.find((x) => x.id === p.id)?.name).toBe('比特币云算力');
    const home = await t.ok<{ list: Pkg[] }>('Main/cmsPackages', {}, { lang: 'zh-CN' });
    expect(home.list.find((x) => x.id === p.id)?.name).toBe('比特币云算力');
    expect(await t.ok('Mining/getinfob', { package_id: p.id }, inZh)).toMatchObject({
      name: '比特币云算力',
      description: '按日结算。',
      assumptions_note: '按当日难度。',
    });
    // No Malay text, and a language the app does not speak: the default texts.
    for (const lang of ['bm-MY', 'fr-FR'])
      expect(await t.ok('Mining/getinfob', { package_id: p.id }, { token: m.token, lang })).toMatchObject({
        name: 'BTC cloud',
        description: 'Settled daily.',
        assumptions_note: 'At that day’s difficulty.',
      });
  });

  it('names the package of an order and of a voucher in the reader’s language', async () => {
    const p = await newPackage();
    const m = await newMember(t);
    await t.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
    await fund(t, admin, m.userid, '500');
    await t.ok(
      'Admin/voucherissue',
      {
        userid: m.userid,
        discount_percent: '10',
        package_id: p.id,
        expires_on: addDays(todayOf(t.clock), 7),
      },
      { token: admin },
    );
    const inZh = { token: m.token, lang: 'zh-CN' };
    const vouchers = await t.ok<{ list: { package_name: string }[] }>('Member/getVouchers', {}, inZh);
    expect(vouchers.list[0]?.package_name).toBe('比特币云算力');
    const order = await t.ok<{ package_name: string }>(
      'Asset/BuyProductSave',
      {
        package_id: p.id,
        quantity: 1,
        wallet: 'funds',
        agree: true,
        tx_password: '654321',
        idempotency_key: newKey(),
      },
      inZh,
    );
    expect(order.package_name).toBe('比特币云算力');
    const orders = await t.ok<{ list: { package_name: string }[] }>('Member/OrderHistory', {}, inZh);
    expect(orders.list[0]?.package_name).toBe('比特币云算力');
    const inEn = await t.ok<{ list: { package_name: string }[] }>(
      'Member/OrderHistory',
      {},
      { token: m.token },
    );
    expect(inEn.list[0]?.package_name).toBe('BTC cloud');
  });
});

describe('the admin edits a package’s other languages', () => {
  it('lists them, keeps them on an edit that does not send them, removes them when sent empty', async () => {
    const p = await newPackage();
    expect(p.translations).toEqual([ZH]);
    const listed = await t.ok<{ list: (Pkg & { translations: Translation[] })[] }>(
      'Admin/packagelist',
      {},
      { token: admin },
    );
    expect(listed.list.find((x) => x.id === p.id)?.translations).toEqual([ZH]);
    const kept = await newPackage({ id: p.id, translations: undefined, name: 'BTC cloud 2' });
    expect(kept).toMatchObject({ name: 'BTC cloud 2', translations: [ZH] });
    const bm = { lang: 'bm-MY', name: 'BTC awan', description: '', assumptions_note: '' };
    expect((await newPackage({ id: p.id, translations: [bm] })).translations).toEqual([bm]);
    expect((await newPackage({ id: p.id, translations: [] })).translations).toEqual([]);
  });

  it('refuses a language the app does not speak, a text too long, and control characters', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ZH, lang: 'fr-FR' }, 'translations.0.lang'],
      [{ ...ZH, name: 'x'.repeat(101) }, 'translations.0.name'],
      [{ ...ZH, name: '' }, 'translations.0.name'],
      [{ ...ZH, description: 'bad\u0000text' }, 'translations.0.description'],
      [{ ...ZH, assumptions_note: 'y'.repeat(501) }, 'translations.0.assumptions_note'],
    ];
    for (const [translation, field] of cases) {
      const res = await packageSave({ name: `Refused ${newKey('p')}`, translations: [translation] });
      expect(res.http, field).toBe(422);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    const names = await t.db
      .selectFrom('mining_packages')
      .select('name')
      .where('name', 'like', 'Refused%')
      .execute();
    expect(names).toEqual([]);
  });
});
