import { randomBytes } from 'node:crypto';
import { authenticator, check, ok, type Say, type Server } from './smoke-api.ts';
import type { SmtpCapture } from './smtp-capture.ts';

/** The people of the smoke test: members who sign up as in production, and admins who enrol two-factor. */

export type Member = { userid: string; email: string; password: string; txPassword: string };
export type Admin = { token: string; nextCode: () => Promise<string> };
export type AdminCli = (args: string[], stdin?: string) => Promise<{ code: number; stdout: string }>;

const secret = () => randomBytes(12).toString('base64url');

/** A new member's details; `run` keeps the userids and e-mail addresses of each run apart. */
export const newMember = (run: string, n: number): Member => ({
  userid: `smk${run}m${n}`,
  email: `smk${run}m${n}@example.com`,
  password: secret(),
  txPassword: secret(),
});

/** Signs up as a member does in production: a code mailed to the e-mail address, then the sign-up form. */
export async function register(
  server: Server,
  smtp: SmtpCapture,
  sponsor: string,
  m: Member,
  side: 'L' | 'R',
  say: Say,
) {
  await ok(server, 'Logon/getsmsverification', { signup_type: 'email', email: m.email });
  const tac = await smtp.codesFor(m.email);
  await ok(server, 'Signup/signupsave', {
    username: m.userid,
    password: m.password,
    confirm_password: m.password,
    tx_password: m.txPassword,
    confirm_tx_password: m.txPassword,
    sponsor_id: sponsor,
    side,
    signup_type: 'email',
    email: m.email,
    tac,
  });
  say(
    `member ${m.userid} registered through ${server.name} with the code mailed to ${m.email} (login and transaction passwords)`,
  );
}

export async function logIn(server: Server, userid: string, password: string): Promise<string> {
  return (await ok<{ token: string }>(server, 'Logon/login', { username: userid, password })).token;
}

type MyRole = { role: string; totp_enabled: boolean; totp_enrolment_required: boolean };

/** Logs an admin in and enrols two-factor as the admin screen does (production refuses admin calls until then). */
export async function adminSession(
  server: Server,
  userid: string,
  password: string,
  say: Say,
): Promise<Admin> {
  const token = await logIn(server, userid, password);
  const before = await ok<MyRole>(server, 'Admin/myrole', {}, token);
  if (!before.totp_enrolment_required)
    throw new Error(
      before.totp_enabled
        ? `admin ${userid} has two-factor on already: the smoke test enrols it itself; give it an admin without (npm run admin -- reset-2fa ${userid})`
        : `admin ${userid} is not asked to enrol two-factor (role '${before.role}'): is it an admin, and is NODE_ENV=production set?`,
    );
  const setup = await ok<{ secret: string }>(server, 'Member/totpsetup', {}, token);
  const nextCode = authenticator(setup.secret);
  await ok(server, 'Member/totpenable', { totp: await nextCode(), password }, token);
  const after = await ok<MyRole>(server, 'Admin/myrole', {}, token);
  check(
    after.totp_enabled && !after.totp_enrolment_required && after.role !== '',
    `Admin/myrole on server ${server.name} after enrolling two-factor: ${JSON.stringify(after)}`,
  );
  say(`admin ${userid} logged in on ${server.name} and enrolled two-factor (role ${after.role})`);
  return { token, nextCode };
}

/**
 * A pending adjustment (above the two-person threshold) approved as an operator would: a second admin, made with
 * `npm run admin -- create --role finance`, logs in, enrols two-factor and approves it.
 */
export async function secondApproval(
  adminCli: AdminCli | undefined,
  server: Server,
  id: string,
  run: string,
  say: Say,
) {
  if (!adminCli)
    throw new Error(
      `adjustment ${id} waits for a second admin (two-person rule) and no adminCli was given to make one`,
    );
  const userid = `smk${run}f`;
  const password = secret();
  const made = await adminCli(['create', userid, '--role', 'finance'], `${password}\n`);
  check(
    made.code === 0,
    `npm run admin -- create ${userid} --role finance: exit ${made.code}: ${made.stdout}`,
  );
  const second = await adminSession(server, userid, password, say);
  const decided = await ok<{ status: string }>(
    server,
    'Admin/adjustapprove',
    { id, action: 'approve', totp: await second.nextCode() },
    second.token,
  );
  check(decided.status === 'posted', `Admin/adjustapprove ${id}: status ${decided.status}, expected posted`);
  say(
    `the adjustment needed a second admin: ${userid} (finance, made with npm run admin) approved it on ${server.name}`,
  );
}
