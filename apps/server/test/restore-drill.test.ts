import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { checkLedger } from '../src/ledger/index.ts';
import { runEntry } from './cli.ts';
import { jpegWithExif, multipart, pngWithText, webpWithExif } from './images.ts';
import {
  type Answer,
  callApi,
  newDataDir,
  openDb,
  type ServerProcess,
  START_DEADLINE_MS,
  startServer,
  stopServer,
} from './server-process.ts';

/**
 * Issue 28's restore drill, with real processes as an operator runs them: a server takes transfers and shop orders
 * from several members at once; `npm run backup` runs in the middle of it; the backup is restored with `npm run
 * restore` into a new DATA_DIR (a new PostgreSQL) and a server started on it. Everything acknowledged before the
 * backup started is there, nothing acknowledged after it ended is, the ledger's invariants hold, members log in with
 * their passwords and keep their sessions (the secret came back), and the uploaded pictures open.
 */
const PASSPHRASE = 'restore drill passphrase';
const TX = '654321';
const ENV = { DEMO_DATA: '0', CHAIN: '0', MARKET_FEED: '0' };

const dirs: string[] = [];
const servers: ServerProcess[] = [];
const dbs: Db[] = [];

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.destroy().catch(() => {})));
  for (const s of servers) await stopServer(s);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function client(port: number) {
  const ok = async <T>(name: string, body: Record<string, unknown>, token?: string): Promise<T> => {
    const r = await callApi(port, name, body, token);
    if (r.status !== 1) throw new Error(`${name}: ${JSON.stringify(r)}`);
    return r.data as T;
  };
  const upload = async (name: string, parts: Parameters<typeof multipart>[0], token: string) => {
    const { payload, contentType } = multipart(parts);
    const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: payload,
    });
    const envelope = (await res.json()) as { status: number; data: Record<string, string> };
    if (envelope.status !== 1) throw new Error(`${name}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  return {
    ok,
    upload,
    call: (name: string, body: Record<string, unknown>, token?: string) => callApi(port, name, body, token),
  };
}
type Client = ReturnType<typeof client>;

type Member = { userid: string; password: string; token: string };

async function signUp(api: Client, db: Db, userid: string): Promise<Member> {
  const email = `${userid}@example.com`;
  const password = `pw-${userid}`;
  await api.ok('Logon/getsmsverification', { signup_type: 'email', email });
  const row = await db
    .selectFrom('outbox')
    .select('body')
    .where('destination', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const tac = /\b(\d{6})\b/.exec(row.body)?.[1] ?? '';
  await api.ok('Signup/signupsave', {
    username: userid,
    password,
    confirm_password: password,
    tx_password: TX,
    confirm_tx_password: TX,
    sponsor_id: 'company',
    placement_id: '',
    side: 'L',
    signup_type: 'email',
    email,
    tac,
  });
  const { token } = await api.ok<{ token: string }>('Logon/login', { username: userid, password });
  return { userid, password, token };
}

/** Members with money, a product to buy, a KYC submission and a CMS picture: what the drill restores. */
async function prepare(api: Client, db: Db) {
  const admin = (
    await api.ok<{ token: string }>('Logon/login', { username: 'crashadmin', password: 'crash-admin-1' })
  ).token;
  const tag = Date.now().toString(36).slice(-5);
  const members: Member[] = [];
  for (let i = 0; i < 6; i++) members.push(await signUp(api, db, `drill${tag}${i}`));
  for (const m of members)
    for (const wallet of ['funds', 'deposit'])
      await api.ok(
        'Admin/adjustbalance',
        {
          userid: m.userid,
          wallet,
          asset: 'USDT',
          amount: '1000',
          reason: 'drill',
          idempotency_key: `f-${m.userid}-${wallet}`,
        },
        admin,
      );
  const product = await api.ok<{ id: string }>(
    'Admin/productsave',
    {
      name: 'Drill tea',
      description: 'Green.',
      category: 'health',
      price: '2',
      asset: 'USDT',
      stock: 100_000,
      active: true,
    },
    admin,
  );
  const owner = members[0] as Member;
  const pictures = { front: jpegWithExif(), back: pngWithText(), holding: webpWithExif() };
  await api.upload(
    'Home/submitKYC',
    [
      ...Object.entries({ country: 'MY', id_type: 'IC', name: 'Siti Aminah', id_number: `DR${tag}` }).map(
        ([name, value]) => ({ name, value }),
      ),
      { name: 'front', file: pictures.front, filename: 'f.jpg', type: 'image/jpeg' },
      { name: 'back', file: pictures.back, filename: 'b.png', type: 'image/png' },
      { name: 'holding', file: pictures.holding, filename: 'h.webp', type: 'image/webp' },
    ],
    owner.token,
  );
  const media = await api.upload(
    'Admin/upload',
    [
      { name: 'kind', value: 'image' },
      { name: 'file', file: pngWithText('drill'), filename: 'n.png', type: 'image/png' },
    ],
    admin,
  );
  // Its TOTP secret is sealed with a key made from the server secret: only the restored secret opens it again.
  const guarded = await signUp(api, db, `drill${tag}t`);
  const totp = await api.ok<{ secret: string }>('Member/totpsetup', {}, guarded.token);
  const code = () => generate({ secret: totp.secret, epoch: Math.floor(Date.now() / 1000) });
  await api.ok('Member/totpenable', { totp: await code(), password: guarded.password }, guarded.token);
  const enabledStep = Math.floor(Date.now() / 30_000);
  return {
    admin,
    members,
    owner,
    product: product.id,
    mediaUrl: media.url as string,
    guarded,
    code,
    enabledStep,
  };
}

type Ack = { key: string; at: number };

/** Transfers and shop orders from every member at once until `stop()`; each acknowledgement with its time. */
function load(api: Client, members: Member[], product: string) {
  const transfers: Ack[] = [];
  const orders: Ack[] = [];
  let running = true;
  let n = 0;
  const transferring = async (m: Member, to: Member) => {
    while (running) {
      const key = `drill-${n++}`;
      const r = await api.call(
        'asset/transfersave',
        { to_userid: to.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: key },
        m.token,
      );
      if (r.http === 200 && r.status === 1) transfers.push({ key, at: Date.now() });
    }
  };
  const shopping = async (m: Member) => {
    while (running) {
      await api.ok('Shop/cartsave', { product_id: product, quantity: 1 }, m.token);
      const r: Answer = await api.call(
        'Asset/BuyProductSave2',
        { wallet: 'deposit', delivery: 'keep', agree: true, tx_password: TX, idempotency_key: `buy-${n++}` },
        m.token,
      );
      if (r.http === 200 && r.status === 1)
        orders.push({ key: (r.data as { order: { order_no: string } }).order.order_no, at: Date.now() });
    }
  };
  const work = members.map((m, i) =>
    i < 4 ? transferring(m, members[(i + 1) % members.length] as Member) : shopping(m),
  );
  return {
    transfers,
    orders,
    async stop() {
      running = false;
      await Promise.all(work);
    },
  };
}

/** An admin's "snapshot now", once the main process's reserves task has published it. */
async function publishedSnapshot(api: Client, admin: string, member: string): Promise<string> {
  const asked = await api.ok<{ id: string }>('Admin/reservesnow', { idempotency_key: 'drill-por' }, admin);
  for (;;) {
    const list = await api.ok<{ list: { id: string }[] }>('Reserves/list', {}, member);
    if (list.list.some((s) => s.id === asked.id)) return asked.id;
    await sleep(200);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('restore drill', () => {
  it(
    'a backup taken under load restores every acknowledged transfer and order, the keys, the logins and the files',
    async () => {
      const source = newDataDir();
      const target = newDataDir();
      dirs.push(source, target);
      const hotKey = `0x${randomBytes(32).toString('hex')}\n`;
      writeFileSync(path.join(source, 'hot-wallet.key'), hotKey, { mode: 0o600 });
      const first = await startServer(source, ENV);
      servers.push(first);
      const db = openDb(source);
      dbs.push(db);
      const api = client(first.port);
      const setup = await prepare(api, db);
      const kycId = (await api.ok<{ id: string }>('Home/checkKycStatus', {}, setup.owner.token)).id;
      const kycBefore = await api.ok<{ data_url: string }>(
        'Home/kycimage',
        { id: kycId, side: 'front' },
        setup.owner.token,
      );
      const mediaBefore = Buffer.from(
        await (await fetch(`http://127.0.0.1:${first.port}${setup.mediaUrl}`)).arrayBuffer(),
      );

      // A reserves snapshot: its tree is two partitions the server made at run time, which the restore makes again.
      const snapshot = await publishedSnapshot(api, setup.admin, setup.owner.token);
      const proofBefore = await api.ok('Reserves/proof', { snapshot_id: snapshot }, setup.owner.token);

      const traffic = load(api, setup.members, setup.product);
      // Mid-load: once both kinds of work are acknowledged, and go on.
      while (traffic.transfers.length < 20 || traffic.orders.length < 3) await sleep(50);
      const file = path.join(source, 'drill.mpbak');
      const backupStarted = Date.now();
      const backup = await runEntry('backup-cli', ['--out', file], {
        DATABASE_URL: '',
        DATA_DIR: source,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      const backupEnded = Date.now();
      await sleep(500);
      await traffic.stop();
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout.trim()).toBe(file);
      const before = traffic.transfers.filter((a) => a.at < backupStarted);
      const after = traffic.transfers.filter((a) => a.at > backupEnded);
      expect(before.length).toBeGreaterThan(10);
      expect(after.length).toBeGreaterThan(0);
      expect(traffic.orders.filter((a) => a.at < backupStarted).length).toBeGreaterThan(0);
      await db.destroy();
      dbs.pop();
      await stopServer(first);

      const restored = await runEntry('restore-cli', [file], {
        DATABASE_URL: '',
        DATA_DIR: target,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(
        /^restored the snapshot of .*: \d+ tables, \d+ rows; files: secret, hot-wallet.key\n$/,
      );
      for (const name of ['secret', 'hot-wallet.key']) {
        expect(readFileSync(path.join(target, name))).toEqual(readFileSync(path.join(source, name)));
        expect(statSync(path.join(target, name)).mode & 0o777).toBe(0o600);
      }
      const again = await runEntry('restore-cli', [file], {
        DATABASE_URL: '',
        DATA_DIR: target,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(again).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('the target database is not empty'),
      });

      const second = await startServer(target, ENV);
      servers.push(second);
      const rdb = openDb(target);
      dbs.push(rdb);
      const health = await checkLedger(rdb);
      expect(health.problems).toEqual([]);

      const keys = await sql<{
        key: string;
      }>`select split_part(idempotency_key, ':', 3) as key from ledger_operations
        where idempotency_key like 'm:%:drill-%'`.execute(rdb);
      const present = new Set(keys.rows.map((r) => r.key));
      expect(before.filter((a) => !present.has(a.key))).toEqual([]);
      expect(after.filter((a) => present.has(a.key))).toEqual([]);
      const orderNos = new Set(
        (await rdb.selectFrom('shop_orders').select('order_no').execute()).map((o) => o.order_no),
      );
      expect(traffic.orders.filter((a) => a.at < backupStarted && !orderNos.has(a.key))).toEqual([]);

      const restoredApi = client(second.port);
      const m = setup.members[1] as Member;
      await restoredApi.ok('Logon/login', { username: m.userid, password: m.password });
      // New money moves: the sequences were set past the restored rows.
      await restoredApi.ok(
        'asset/transfersave',
        {
          to_userid: setup.owner.userid,
          amount: '1',
          wallet: 'funds',
          tx_password: TX,
          idempotency_key: 'after',
        },
        m.token,
      );
      // A session from before the backup goes on (sessions are rows of the database).
      await restoredApi.ok('Home/checkKycStatus', {}, setup.owner.token);
      // A new code (a code is taken once), checked against the TOTP secret the restored server secret unseals.
      while (Math.floor(Date.now() / 30_000) === setup.enabledStep) await sleep(200);
      await restoredApi.ok(
        'Member/totpdisable',
        { totp: await setup.code(), tx_password: TX, password: setup.guarded.password },
        setup.guarded.token,
      );
      const kycAfter = await restoredApi.ok<{ data_url: string }>(
        'Home/kycimage',
        { id: kycId, side: 'front' },
        setup.owner.token,
      );
      expect(kycAfter.data_url).toBe(kycBefore.data_url);
      expect(await restoredApi.ok('Reserves/proof', { snapshot_id: snapshot }, setup.owner.token)).toEqual(
        proofBefore,
      );
      const media = await fetch(`http://127.0.0.1:${second.port}${setup.mediaUrl}`);
      expect(media.status).toBe(200);
      expect(Buffer.from(await media.arrayBuffer())).toEqual(mediaBefore);
    },
    2 * START_DEADLINE_MS + 120_000,
  );
});
