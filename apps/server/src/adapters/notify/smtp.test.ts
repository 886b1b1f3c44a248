import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { outboxNotifier, smtpNotifier } from './notifier.ts';

type Received = { to: string[]; data: string };
const received: Received[] = [];
let server: SMTPServer;
let port = 0;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp({
    notifier: (db) =>
      smtpNotifier(`smtp://127.0.0.1:${port}`, 'Platform <no-reply@example.com>', outboxNotifier(db)),
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP notifier', () => {
  it('mails the sign-up code over SMTP and keeps it out of the dev outbox', async () => {
    const res = await t.call(
      'Logon/getsmsverification',
      { signup_type: 'email', email: 'smtp-user@example.com' },
      { lang: 'zh-CN' },
    );
    expect(res.body).toMatchObject({ status: 1, msg: 'TAC 验证码将发送到您的邮箱' });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp-user@example.com']);
    expect(received[0]?.data).toMatch(/Subject: =\?UTF-8\?/);
    const outbox = await t.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toHaveLength(0);
  });

  it('sends a code that completes a sign-up', async () => {
    received.length = 0;
    await t.ok('Logon/getsmsverification', { signup_type: 'email', email: 'smtp-two@example.com' });
    const raw = received[0]?.data ?? '';
    const body = raw.includes('base64')
      ? Buffer.from(raw.split('\r\n\r\n').slice(1).join('').replace(/\s/g, ''), 'base64').toString('utf8')
      : raw;
    const tac = /\b(\d{6})\b/.exec(body.replace(/=\r\n/g, ''))?.[1];
    expect(tac).toMatch(/^\d{6}$/);
    const done = await t.call('Signup/signupsave', {
      username: 'smtpmember1',
      password: 'secret123',
      confirm_password: 'secret123',
      tx_password: '123456',
      confirm_tx_password: '123456',
      sponsor_id: 'company',
      side: 'L',
      signup_type: 'email',
      email: 'smtp-two@example.com',
      tac,
    });
    expect(done.body.status).toBe(1);
  });
});
