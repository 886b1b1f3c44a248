import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { runCli } from './cli.ts';
import { logInAs, newMember } from './helpers.ts';

/**
 * `npm run admin`, run as the operator would (its own process, a password piped to it) against the database of a
 * test server outside demo mode, where admins must enrol two-factor: what it does is checked through the API.
 */
let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-admin-cli-'));

beforeAll(async () => {
  t = await createTestApp({ config: { demoAdmin: false } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = (args: string[], input = '') =>
  runCli('admin-cli.ts', args, { DATABASE_URL: t.url, DATA_DIR: dataDir, NODE_ENV: 'test' }, input);

type MyRole = { role: string; totp_enabled: boolean; totp_enrolment_required: boolean };
const myRole = (token: string) => t.ok<MyRole>('Admin/myrole', {}, { token });

/** The session ends at every server: the command's change reaches the test server through the change feed. */
const expectSignedOut = (token: string) =>
  vi.waitFor(async () =>
    expect((await t.call('Admin/myrole', {}, { token })).body).toMatchObject({ code: 401 }),
  );

async function auditActions(userid: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('target', '=', userid)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('npm run admin', () => {
  it('create: an owner who logs in with the piped password and must enrol two-factor; list shows it; a taken userid is refused', async () => {
    const made = await admin(['create', 'cliowner1'], 'first-pass-1\n');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toBe('Created admin cliowner1 (owner).\n');
    expect(made.stdout + made.stderr).not.toContain('first-pass-1');

    const token = await logInAs(t, 'cliowner1', 'first-pass-1');
    expect(await myRole(token)).toEqual({
      role: 'owner',
      totp_enabled: false,
      totp_enrolment_required: true,
    });

    const listed = await admin(['list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n')[0]).toMatch(/^USERID\s+ROLE\s+STATUS\s+2FA\s+LAST LOGIN$/);
    expect(listed.stdout).toMatch(/^cliowner1\s+owner\s+active\s+off\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
    expect(listed.stdout).not.toMatch(/\$argon2/);

    const again = await admin(['create', 'CLIOWNER1'], 'other-pass-2\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('CLIOWNER1 exists already');
    await logInAs(t, 'cliowner1', 'first-pass-1');
    expect(await auditActions('cliowner1')).toEqual(['admin.cli_create']);
  }, 60_000);

  it('create --generate --role: prints a password once that logs in with that role; a short password is refused', async () => {
    const [made, short] = await Promise.all([
      admin(['create', 'clifinance1', '--role', 'finance', '--generate']),
      admin(['create', 'clishort1'], 'abc\n'),
    ]);
    expect(made.code, made.stderr).toBe(0);
    const password = /^Password \(shown once, keep it safe\): (\S+)$/m.exec(made.stdout)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const token = await logInAs(t, 'clifinance1', password);
    expect((await myRole(token)).role).toBe('finance');

    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be 6 to 64 characters');
    const login = await t.call('Logon/login', { username: 'clishort1', password: 'abc' });
    expect(login.body.status).toBe(0);
  }, 60_000);

  it('reset-password: the new password works, the old one not, every session ended, recorded; members are refused', async () => {
    await admin(['create', 'clireset1'], 'before-pass-1\n');
    const session = await logInAs(t, 'clireset1', 'before-pass-1');
    const member = await newMember(t);

    const [reset, refused] = await Promise.all([
      admin(['reset-password', 'clireset1'], 'after-pass-2\n'),
      admin(['reset-password', member.userid], 'whatever-1\n'),
    ]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toBe('New password set for clireset1; every session of theirs has ended.\n');
    expect(reset.stdout + reset.stderr).not.toContain('after-pass-2');
    await expectSignedOut(session);
    expect(
      (await t.call('Logon/login', { username: 'clireset1', password: 'before-pass-1' })).body.status,
    ).toBe(0);
    await logInAs(t, 'clireset1', 'after-pass-2');
    expect(await auditActions('clireset1')).toEqual(['admin.cli_create', 'admin.cli_reset_password']);
    const events = await t.db
      .selectFrom('security_events as e')
      .innerJoin('members as m', 'm.id', 'e.member_id')
      .select(['e.kind', 'e.details'])
      .where('m.userid', '=', 'clireset1')
      .execute();
    expect(events).toMatchObject([{ kind: 'password_reset', details: { by: 'admin_cli' } }]);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${member.userid} is a member, not an admin`);
    await logInAs(t, member.userid, member.password);
  }, 60_000);

  it('reset-2fa: two-factor off and every session ended; at the next login the admin must enrol again', async () => {
    await admin(['create', 'clitotp01'], 'totp-pass-1\n');
    const token = await logInAs(t, 'clitotp01', 'totp-pass-1');
    const setup = await t.ok<{ secret: string }>('Member/totpsetup', {}, { token });
    const code = await generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    await t.ok('Member/totpenable', { totp: code, password: 'totp-pass-1' }, { token });
    await vi.waitFor(async () => expect((await myRole(token)).totp_enrolment_required).toBe(false));
    expect((await t.call('Admin/wdlist', {}, { token })).body.status).toBe(1);

    const reset = await admin(['reset-2fa', 'clitotp01']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('Two-factor reset for clitotp01 (it was on)');
    await expectSignedOut(token);

    const next = await logInAs(t, 'clitotp01', 'totp-pass-1');
    expect(await myRole(next)).toEqual({ role: 'owner', totp_enabled: false, totp_enrolment_required: true });
    expect((await t.call('Admin/wdlist', {}, { token: next })).http).toBe(403);
    expect(await auditActions('clitotp01')).toEqual(['admin.cli_create', 'admin.cli_reset_2fa']);
  }, 60_000);

  it('wrong usage: the usage text and exit 2, nothing done', async () => {
    const runs = await Promise.all([
      admin([]),
      admin(['frobnicate']),
      admin(['reset-2fa']),
      admin(['create', 'cliowner7', '--role', 'god']),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- <command>');
      expect(run.stdout).toBe('');
    }
    const made = await t.db
      .selectFrom('members')
      .select('userid')
      .where('userid', '=', 'cliowner7')
      .execute();
    expect(made).toEqual([]);
  }, 60_000);
});
