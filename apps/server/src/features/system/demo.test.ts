import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { logInAs } from '../../../test/helpers.ts';
import { expectLedgerHealthy } from '../../../test/money.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLedger } from '../../ledger/index.ts';
import { ensureRoot } from './bootstrap.ts';
import { DEMO_ADMIN, loadDemo } from './demo-setup.ts';

/** A WebP's width and height, from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(b: Buffer): { width: number; height: number } {
  expect(b.toString('latin1', 0, 4)).toBe('RIFF');
  expect(b.toString('latin1', 8, 12)).toBe('WEBP');
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe('VP8 ');
  return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
}

/** A WebM's duration in seconds: its Segment Info's Duration, a 4- or 8-byte float of milliseconds (the default scale). */
function webmSeconds(b: Buffer): number {
  expect(b.readUInt32BE(0)).toBe(0x1a45dfa3);
  expect(b.toString('latin1', 0, 64)).toContain('webm');
  const at = b.indexOf(Buffer.from([0x44, 0x89]));
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThan(1024);
  const size = b[at + 2];
  expect([0x84, 0x88]).toContain(size);
  return (size === 0x84 ? b.readFloatBE(at + 3) : b.readDoubleBE(at + 3)) / 1000;
}

/** What a newcomer sees after `npm install && npm start`: the demo loaded into an empty database. */
let t: TestApp;
let lines: string[];
beforeAll(async () => {
  t = await createTestApp({ config: { demoData: true, demoAdmin: true } });
  lines = await loadDemo(
    t.deps.config,
    t.db,
    createLedger(t.db),
    await ensureRoot(t.db, 'company'),
    buildApp,
  );
}, 120_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('prints the members and the demo admin', () => {
    expect(lines.join('\n')).toContain('alice / demo1234');
    expect(lines.join('\n')).toContain(`Demo admin: ${DEMO_ADMIN.userid} / ${DEMO_ADMIN.password}`);
  });

  it('gives the admin withdrawals to approve and identities to review', async () => {
    const admin = await logInAs(t, DEMO_ADMIN.userid, DEMO_ADMIN.password);
    const wd = await t.ok<{ list: { userid: string; status: string }[] }>(
      'Admin/wdlist',
      { status: 'pending' },
      { token: admin },
    );
    expect(wd.list.map((w) => w.userid).sort()).toEqual(['bob', 'carol']);
    // Besides: one paid by hand with its transaction, one approved and waiting to be paid by hand.
    const approved = await t.ok<{ list: { userid: string; payout_state: string; tx_hash: string }[] }>(
      'Admin/wdlist',
      { status: 'approved' },
      { token: admin },
    );
    expect(approved.list.map((w) => [w.userid, w.payout_state]).sort()).toEqual([
      ['bob', 'confirmed'],
      ['carol', 'manual'],
    ]);
    const kyc = await t.ok<{ list: { userid: string }[] }>(
      'Admin/kyclist',
      { status: 'pending' },
      { token: admin },
    );
    expect(kyc.list.map((k) => k.userid).sort()).toEqual(['bob', 'erin']);
    const picture = await t.ok<{ data_url: string }>(
      'Home/kycimage',
      { id: (kyc.list[0] as unknown as { id: string }).id, side: 'front' },
      { token: admin },
    );
    expect(picture.data_url).toMatch(/^data:image\/(png|jpeg|webp);base64,/);
  });

  it('gives alice a week of mining income, bonuses from her team and a tree several levels deep', async () => {
    const alice = await logInAs(t, 'alice', 'demo1234');
    const income = await t.ok<{ series: { date: string }[]; totals: { total: string }[] }>(
      'Mining/incomesummary',
      {},
      { token: alice },
    );
    expect(new Set(income.series.map((s) => s.date)).size).toBeGreaterThanOrEqual(6);
    const bonus = await t.ok<{ list: { type: string; total: string }[] }>(
      'asset/bonussummary',
      {},
      { token: alice },
    );
    expect(Number(bonus.list.find((b) => b.type === 'sponsor')?.total)).toBeGreaterThan(0);
    const tree = await t.ok<{ nodes: { userid: string; left_count: number; right_count: number }[] }>(
      'Tree/gettree',
      {},
      { token: alice },
    );
    const top = tree.nodes.find((n) => n.userid === 'alice');
    expect((top?.left_count ?? 0) + (top?.right_count ?? 0)).toBeGreaterThanOrEqual(15);
    const depth = await t.db
      .selectFrom('members')
      .select((eb) => eb.fn.max('depth').as('deepest'))
      .executeTakeFirstOrThrow();
    expect(Number(depth.deepest)).toBeGreaterThanOrEqual(5);
    await expectLedgerHealthy(t);
  });

  it('shows drawn pictures on the sliders, news, guides and products, and a video that plays', async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return { type: res.headers['content-type'], bytes: res.rawPayload };
    };
    const picture = async (url: string, width: number, height: number) => {
      const { type, bytes } = await get(url);
      expect(type).toBe('image/webp');
      expect(webpSize(bytes)).toEqual({ width, height });
      return bytes.toString('base64');
    };
    const sliders = await t.ok<{ list: { image_url: string }[] }>('Main/sliderImgs');
    expect(sliders.list.length).toBeGreaterThanOrEqual(3);
    for (const s of sliders.list) await picture(s.image_url, 750, 300);
    for (const kind of ['news', 'guide'])
      for (const item of (await t.ok<{ list: { image_url: string }[] }>('Content/list', { kind })).list)
        await picture(item.image_url, 750, 400);
    // Every product has its own picture.
    const products = await t.ok<{ list: { image_url: string }[] }>('Shop/products', { pagesize: 50 });
    const seen = new Set<string>();
    for (const p of products.list) seen.add(await picture(p.image_url, 480, 480));
    expect(seen.size).toBe(products.list.length);
    expect(products.list.length).toBeGreaterThanOrEqual(6);
    const videos = await t.ok<{ list: { image_url: string; media_url: string; media_type: string }[] }>(
      'Content/list',
      { kind: 'video' },
    );
    const video = videos.list[0];
    expect(video?.media_type).toBe('video/webm');
    await picture(video?.image_url ?? '', 640, 360);
    const { type, bytes } = await get(video?.media_url ?? '');
    expect(type).toBe('video/webm');
    expect(webmSeconds(bytes)).toBeGreaterThan(4);
    expect(webmSeconds(bytes)).toBeLessThan(10);
  });

  it('creates no demo admin in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, { secret: Buffer.alloc(32) }).demoAdmin).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', DEMO_ADMIN: '1' }, { secret: Buffer.alloc(32) }).demoAdmin,
    ).toBe(true);
    expect(loadConfig({}, { secret: Buffer.alloc(32) }).demoAdmin).toBe(true);
  });
});
