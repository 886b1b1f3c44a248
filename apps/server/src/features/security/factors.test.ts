import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestCode, newMember } from '../../../test/helpers.ts';
import { adminToken } from '../../../test/money.ts';
import { openKeys, sealKeys } from '../../adapters/exchange/keys.ts';
import { Refusal } from '../../lib/errors.ts';
import { keyRing } from '../../lib/crypto.ts';
import { createNotifier, smsWebhookNotifier } from '../../adapters/notify/notifier.ts';
import { resealAll } from './seal-rotation.ts';
import { createTotp } from './totp.ts';

const TX = '654321';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<TestApp['call']>>;
const codes = (answers: Answer[]) => answers.map((a) => a.body.code);
const count = (answers: Answer[], code: number) => answers.filter((a) => a.body.code === code).length;
/**
 * Every parallel guess is refused: wrong (422), locked (429), or, on a machine loaded by other test files, told to
 * come back (503: no database connection within the pool's 5 s) without being checked. What matters is that at
 * most the limit were checked; a 503 never checks a guess, so allowing it does not weaken that.
 */
const refusedAll = (answers: Answer[]) =>
  // Anything else is shown whole, so a failure says what came back.
  expect(answers.filter((a) => ![422, 429, 503].includes(a.body.code)).map((a) => a.body)).toEqual([]);

/** Sets up and enables TOTP for a member; returns a code generator at the test clock. */
async function withTotp(m: { token: string; password: string }) {
  const setup = await t.ok<{ secret: string }>('Member/totpsetup', {}, { token: m.token });
  const code = () => generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  await t.ok('Member/totpenable', { totp: await code(), password: m.password }, { token: m.token });
  t.clock.advance(30_000);
  return { secret: setup.secret, code };
}

describe('transaction password: counted before it is checked', () => {
  it('lets 60 parallel wrong guesses check at most 5, then refuses even the right one until the time it says', async () => {
    const m = await newMember(t);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call(
          'Member/totpdisable',
          { totp: '000000', tx_password: `wrong${i}`, password: m.password },
          { token: m.token },
        ),
      ),
    );
    refusedAll(guesses);
    expect(count(guesses, 429)).toBeGreaterThan(0);
    expect(count(guesses, 422)).toBeLessThanOrEqual(5);
    for (const g of guesses.filter((a) => a.body.code === 422))
      expect(g.body.errors?.[0]?.field).toBe('tx_password');
    const locked = guesses.find((a) => a.body.code === 429) as Answer;
    expect(locked.http).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body.msg).toMatch(/^Too many wrong tries\. Try again after \d\d:\d\d \(UTC\)\.$/);
    const until = (locked.body.data as { locked_until: string }).locked_until;
    expect(locked.body.msg).toContain(until.slice(11, 16));

    const right = await t.call(
      'Member/totpdisable',
      { totp: '000000', tx_password: TX, password: m.password },
      { token: m.token, lang: 'zh-CN' },
    );
    expect(right.body).toMatchObject({ status: 0, code: 429 });
    expect(right.body.msg).toContain(until.slice(11, 16));

    // The admin security view lists the lockout, once.
    const events = await t.ok<{ list: { userid: string; kind: string; until: string }[]; total: number }>(
      'Admin/securityevents',
      { userid: m.userid, kind: 'lockout' },
      { token: admin },
    );
    expect(events.total).toBe(1);
    expect(events.list[0]).toMatchObject({ userid: m.userid, kind: 'lockout_tx_password', until });

    // After the lockout the right password works again, and a success gives its try back.
    t.clock.advance(15 * 60_000 + 1000);
    const after = await t.call(
      'Member/totpdisable',
      { totp: '000000', tx_password: TX, password: m.password },
      { token: m.token },
    );
    expect(after.body.code).toBe(200);
  });
});

describe('TOTP: counted before it is checked, and sealed at rest', () => {
  it('refuses every code after 5 wrong ones, the right one too, saying until when', async () => {
    const m = await newMember(t);
    const { code } = await withTotp(m);
    const wrong = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        t.call(
          'Member/totpdisable',
          { totp: String(100000 + i), tx_password: TX, password: m.password },
          { token: m.token },
        ),
      ),
    );
    refusedAll(wrong);
    expect(count(wrong, 429)).toBeGreaterThan(0);
    expect(count(wrong, 422)).toBeLessThanOrEqual(5);
    const right = await t.call(
      'Member/totpdisable',
      { totp: await code(), tx_password: TX, password: m.password },
      { token: m.token },
    );
    expect(right.body).toMatchObject({ status: 0, code: 429 });
    expect(right.body.msg).toMatch(/after \d\d:\d\d/);
    expect(await t.ok('Member/totpstatus', {}, { token: m.token })).toEqual({ enabled: true });
    const events = await t.ok<{ list: { kind: string }[] }>(
      'Admin/securityevents',
      { userid: m.userid },
      { token: admin },
    );
    expect(events.list.map((e) => e.kind)).toContain('lockout_totp');
  });

  it('stores the secret sealed, not in plain text, and still verifies it; a plain legacy secret is sealed on use', async () => {
    const m = await newMember(t);
    const { secret, code } = await withTotp(m);
    const row = await t.db
      .selectFrom('members')
      .select(['id', 'totp_secret'])
      .where('userid', '=', m.userid)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_secret).toMatch(/^v0:/);

    // A secret stored before sealing (plain) still works and is sealed on its first use.
    await t.db.updateTable('members').set({ totp_secret: secret }).where('id', '=', row.id).execute();
    await t.ok(
      'Member/totpdisable',
      { totp: await code(), tx_password: TX, password: m.password },
      { token: m.token },
    );
    expect(await t.ok('Member/totpstatus', {}, { token: m.token })).toEqual({ enabled: false });
  });

  it('rotate-keys re-seals TOTP secrets and exchange keys under the newest key, idempotently, and all still open', async () => {
    const m = await newMember(t);
    const { secret, code } = await withTotp(m);
    const memberId = (
      await t.db.selectFrom('members').select('id').where('userid', '=', m.userid).executeTakeFirstOrThrow()
    ).id;
    const secretKey = t.deps.config.secret;
    const keys = { apiKey: 'key-abcdef-123456', secret: 'shh-secret' };
    // A key box of the first format (before key versions) and one under the server secret's key (version 0).
    const legacyKey = Buffer.from(
      hkdfSync('sha256', secretKey, Buffer.alloc(0), 'mp exchange api keys v1', 32),
    );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', legacyKey, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(keys), 'utf8'), cipher.final()]);
    const legacyBox = Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
    const ids: string[] = [];
    for (const box of [legacyBox, sealKeys(keyRing(secretKey), keys)]) {
      const r = await t.db
        .insertInto('trading_accounts')
        .values({ member_id: memberId, kind: 'exchange', venue: 'binance', key_box: box })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(r.id);
    }

    const ring = keyRing(secretKey, `1:${randomBytes(32).toString('base64')}`);
    const first = await resealAll(t.db, ring, secretKey);
    expect(first.totp.resealed).toBeGreaterThanOrEqual(1);
    expect(first.exchangeKeys.resealed).toBeGreaterThanOrEqual(2);
    const again = await resealAll(t.db, ring, secretKey);
    expect(again.totp.resealed).toBe(0);
    expect(again.exchangeKeys.resealed).toBe(0);
    expect(again.totp.current).toBe(first.totp.resealed + first.totp.current);

    const stored = await t.db
      .selectFrom('members')
      .select('totp_secret')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(stored.totp_secret).not.toContain(secret);
    // A server with the new ring verifies the member's codes; one without the new key cannot open them.
    await createTotp({ db: t.db, clock: t.clock, ring }).require(memberId, await code());
    t.clock.advance(30_000);
    await expect(t.ok('Member/totpstatus', {}, { token: m.token })).resolves.toEqual({ enabled: true });
    const boxes = await t.db
      .selectFrom('trading_accounts')
      .select('key_box')
      .where('id', 'in', ids)
      .execute();
    for (const b of boxes) {
      expect(b.key_box?.[0]).toBe(2);
      expect(b.key_box?.readUInt32BE(1)).toBe(1);
      expect(openKeys(ring, b.key_box as Buffer)).toEqual(keys);
    }
  });
});

describe('TAC and reset codes', () => {
  it('checks at most 5 of many parallel guesses of a reset code; the code is then dead', async () => {
    const m = await newMember(t);
    await t.ok('logon/resetPasswordCode', { username: m.userid });
    const tac = await latestCode(t, m.email);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('logon/resetPassword', {
          username: m.userid,
          tac: String(100000 + i) === tac ? '999999' : String(100000 + i),
          password: 'newpass123',
          confirm_password: 'newpass123',
        }),
      ),
    );
    const checked = guesses.filter(
      (g) => g.body.msg === 'The TAC is wrong or has expired, please request a new one',
    );
    const locked = guesses.filter(
      (g) => g.body.msg === 'Too many wrong tries for this TAC. Please request a new one.',
    );
    expect(checked.length + locked.length).toBe(40);
    expect(checked.length).toBeLessThanOrEqual(5);
    const right = await t.call('logon/resetPassword', {
      username: m.userid,
      tac,
      password: 'newpass123',
      confirm_password: 'newpass123',
    });
    expect(right.body).toMatchObject({ status: 0, code: 422 });
    expect(right.body.errors?.[0]).toEqual({
      field: 'tac',
      message: 'Too many wrong tries for this TAC. Please request a new one.',
    });
    const events = await t.ok<{ list: { kind: string }[] }>(
      'Admin/securityevents',
      { userid: m.userid, kind: 'lockout_reset_code' },
      { token: admin },
    );
    expect(events.list).toHaveLength(1);
  });

  it('answers a reset-code request the same whether or not the member exists', async () => {
    const m = await newMember(t);
    const known = await t.call('logon/resetPasswordCode', { username: m.userid });
    const unknown = await t.call('logon/resetPasswordCode', { username: 'nosuchmember42' });
    expect(unknown.http).toBe(known.http);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toMatchObject({
      status: 1,
      msg: 'If the account exists, a TAC has been sent to its email or mobile.',
    });
    // A wrong user name is refused like a wrong code.
    const input = { tac: '123456', password: 'newpass123', confirm_password: 'newpass123' };
    const noSuch = await t.call('logon/resetPassword', { ...input, username: 'nosuchmember42' });
    const wrongCode = await t.call('logon/resetPassword', { ...input, username: m.userid });
    expect(noSuch.body).toEqual(wrongCode.body);
  });

  it('caps reset codes per account per day, for unknown names alike', async () => {
    const m = await newMember(t);
    for (const username of [m.userid, 'nosuchmember43']) {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) {
        answers.push(await t.call('logon/resetPasswordCode', { username }));
        t.clock.advance(11 * 60_000);
      }
      expect(codes(answers)).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});

describe('codes never readable by admins in production', () => {
  it('refuses the outbox in production', async () => {
    const env = t.deps.config.env;
    t.deps.config.env = 'production';
    try {
      const res = await t.call('Admin/outbox', {}, { token: admin });
      expect(res.body).toMatchObject({
        status: 0,
        code: 404,
        msg: 'The dev outbox is not available in production',
      });
    } finally {
      t.deps.config.env = env;
    }
    expect((await t.call('Admin/outbox', {}, { token: admin })).body.code).toBe(200);
  });

  it('refuses to send a code in production without a provider, and stores nothing', async () => {
    const logged: unknown[] = [];
    const notifier = createNotifier(
      { env: 'production', smtpUrl: undefined, mailFrom: 'x@example.com', sms: undefined },
      t.db,
      { warn: (m) => logged.push(m), error: (e) => logged.push(e) },
    );
    const before = await t.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const channel of ['email', 'sms'] as const) {
      await expect(
        notifier.send({ channel, destination: 'x@example.com', subject: 's', body: 'code 123456' }),
      ).rejects.toMatchObject({ key: 'delivery_unavailable' });
    }
    const after = await t.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(logged.some((l) => String(l).includes('SMTP_URL is not set'))).toBe(true);
  });

  it('sends SMS through the webhook: POST JSON { to, text } with the bearer token', async () => {
    const received: { auth?: string; type?: string; body: string }[] = [];
    let fail = false;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, type: req.headers['content-type'], body });
        res.statusCode = fail ? 500 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      const notifier = createNotifier(
        { env: 'production', smtpUrl: undefined, mailFrom: 'x@example.com', sms: { url, token: 'tok-1' } },
        t.db,
        { warn: () => {}, error: () => {} },
      );
      await notifier.send({
        channel: 'sms',
        destination: '+60123456789',
        subject: 's',
        body: 'Your code 123456',
      });
      expect(received).toEqual([
        {
          auth: 'Bearer tok-1',
          type: 'application/json',
          body: JSON.stringify({ to: '+60123456789', text: 'Your code 123456' }),
        },
      ]);
      fail = true;
      await expect(
        smsWebhookNotifier(url, 'tok-1').send({
          channel: 'sms',
          destination: '+601',
          subject: '',
          body: 'x',
        }),
      ).rejects.toBeInstanceOf(Refusal);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
