import type { TestApp } from './app.ts';

/** The latest code sent to a destination, read from the dev outbox as an admin would. */
export async function latestCode(t: TestApp, destination: string): Promise<string> {
  const row = await t.db
    .selectFrom('outbox')
    .select('body')
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in ${row.body}`);
  return code;
}

let counter = 0;
/** A fresh valid username for each call. */
export function uniqueUserid(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 15);
}

export type SignupOptions = {
  userid?: string;
  sponsor?: string;
  placement?: string;
  side?: 'L' | 'R';
  password?: string;
  email?: string;
};

/** Signs a member up by e-mail through the real calls (code from the outbox); returns its userid and password. */
export async function signUpMember(t: TestApp, o: SignupOptions = {}) {
  const userid = o.userid ?? uniqueUserid();
  const email = o.email ?? `${userid.toLowerCase()}@example.com`;
  const password = o.password ?? 'secret123';
  await t.ok('Logon/getsmsverification', { signup_type: 'email', email });
  const tac = await latestCode(t, email);
  const data = await t.ok<{ userid: string; placement_id: string; side: string }>('Signup/signupsave', {
    username: userid,
    password,
    confirm_password: password,
    tx_password: '654321',
    confirm_tx_password: '654321',
    sponsor_id: o.sponsor ?? 'company',
    placement_id: o.placement ?? '',
    side: o.side ?? 'L',
    signup_type: 'email',
    email,
    tac,
  });
  return { ...data, userid, password, email };
}

export async function logInAs(t: TestApp, username: string, password: string): Promise<string> {
  const data = await t.ok<{ token: string }>('Logon/login', { username, password });
  return data.token;
}

/** Signs up and logs in. */
export async function newMember(t: TestApp, o: SignupOptions = {}) {
  const m = await signUpMember(t, o);
  return { ...m, token: await logInAs(t, m.userid, m.password) };
}

/** A member row with no password, sponsor or place: what the ledger's own tests open accounts for. */
export async function insertBareMember(t: TestApp, userid: string): Promise<string> {
  const row = await t.db
    .insertInto('members')
    .values({
      userid,
      name: '',
      email: null,
      mobile: null,
      tel_prefix: null,
      password_hash: null,
      tx_password_hash: null,
      sponsor_id: null,
      placement_parent_id: null,
      side: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
