import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, type AdminRole, translate, USERNAME_RE } from '@mp/contract';
import { loadConfig } from './config.ts';
import { connectCommand, prepareSchema } from './db/connect.ts';
import type { Db } from './db/database.ts';
import {
  AdminAccountError,
  checkAdmin,
  checkUseridFree,
  createAdminAccount,
  listAdmins,
  resetAdminPassword,
  resetAdminTotp,
} from './features/admin/accounts.ts';
import { createSessions } from './platform/session-store.ts';
import { checkNewPassword } from './features/members/signup.ts';
import { Refusal } from './lib/errors.ts';
import { systemClock } from './lib/clock.ts';
import { readPassword } from './lib/read-password.ts';
import { note, out, runCommand } from './lib/command.ts';

/**
 * `npm run admin -- <command>`: admin accounts from the server's own shell, for the first owner and for an admin
 * locked out of the admin area. Exit 0 done, 1 refused or failed, 2 wrong usage.
 * Results go to stdout, what the command is doing to stderr. No password is ever printed but a generated one.
 */
const USAGE = `Usage: npm run admin -- <command>
  list                                          the admins: userid, role, status, two-factor, last login
  create <userid> [--role <role>] [--generate]  a new admin (role: ${ADMIN_ROLES.join(', ')}; default owner)
  reset-password <userid> [--generate]          a new password for an admin; their sessions end
  reset-2fa <userid>                            two-factor off: the admin enrols again at the next login; their sessions end
The password is read from standard input when it is not a terminal (its first line), else asked twice without echo;
--generate makes a random one and prints it once. The database: DATABASE_URL, else the embedded PostgreSQL under
DATA_DIR (the running server's, when one runs).`;

type Command =
  | { name: 'list' }
  | { name: 'create'; userid: string; role: AdminRole; generate: boolean }
  | { name: 'reset-password'; userid: string; generate: boolean }
  | { name: 'reset-2fa'; userid: string };

class UsageError extends Error {}

function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string' }, generate: { type: 'boolean', default: false } },
  });
  const [name, userid, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected: ${extra.join(' ')}`);
  if (name === 'list' && !userid && !values.role && !values.generate) return { name };
  if (name !== 'create' && name !== 'reset-password' && name !== 'reset-2fa')
    throw new UsageError(name ? `unknown command or arguments: ${name}` : 'no command');
  if (!userid) throw new UsageError(`${name} needs a userid`);
  if (values.role !== undefined && name !== 'create') throw new UsageError('--role goes with create only');
  if (name === 'reset-2fa') {
    if (values.generate) throw new UsageError('reset-2fa sets no password: no --generate');
    return { name, userid };
  }
  if (name === 'reset-password') return { name, userid, generate: values.generate };
  if (!USERNAME_RE.test(userid)) throw new UsageError('a userid is 5 to 15 letters or digits');
  const role = values.role ?? 'owner';
  if (!ADMIN_ROLES.includes(role as AdminRole))
    throw new UsageError(`--role is one of ${ADMIN_ROLES.join(', ')}`);
  return { name, userid, role: role as AdminRole, generate: values.generate };
}

/** The new password: generated (and printed once), or typed/piped and held to the app's password rule. */
async function newPassword(generate: boolean): Promise<string> {
  if (generate) return randomBytes(18).toString('base64url');
  const { password, confirm } = await readPassword('New password: ', 'Again: ');
  if (!password) throw new AdminAccountError('no password given (standard input was empty)');
  try {
    checkNewPassword(password, confirm, 'password', 'password');
  } catch (err) {
    if (err instanceof Refusal) throw new AdminAccountError(translate(err.key, 'en-US', err.params));
    throw err;
  }
  return password;
}

const shown = (password: string) => out(`Password (shown once, keep it safe): ${password}`);

async function list(db: Db) {
  const admins = await listAdmins(db);
  if (!admins.length) return out('No admins. npm run admin -- create <userid> makes one.');
  const rows = [
    ['USERID', 'ROLE', 'STATUS', '2FA', 'LAST LOGIN'],
    ...admins.map((a) => [
      a.userid,
      a.role ?? '-',
      a.status,
      a.totp_enabled ? 'on' : 'off',
      a.last_login ? `${new Date(a.last_login).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'never',
    ]),
  ];
  for (const line of columns(rows)) out(line);
}

/** Rows as text columns, each as wide as its widest cell. */
function columns(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

async function run(command: Command, db: Db, sessionTtlMs: number) {
  const deps = { db, clock: systemClock, sessions: createSessions(db, systemClock, sessionTtlMs) };
  switch (command.name) {
    case 'list':
      return list(db);
    case 'create': {
      await checkUseridFree(db, command.userid);
      const password = await newPassword(command.generate);
      await createAdminAccount(db, command.userid, password, command.role);
      out(`Created admin ${command.userid} (${command.role}).`);
      if (command.generate) shown(password);
      return;
    }
    case 'reset-password': {
      await checkAdmin(db, command.userid);
      const password = await newPassword(command.generate);
      const userid = await resetAdminPassword(deps, command.userid, password);
      out(`New password set for ${userid}; every session of theirs has ended.`);
      if (command.generate) shown(password);
      return;
    }
    case 'reset-2fa': {
      const r = await resetAdminTotp(deps, command.userid);
      out(
        `Two-factor reset for ${r.userid} (it was ${r.wasEnabled ? 'on' : 'off'}); every session of theirs has ended. They set it up again at their next login (required outside demo mode).`,
      );
    }
  }
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (err) {
    note(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await connectCommand(config, note);
  try {
    await prepareSchema(database.db, config, note);
    await run(command, database.db, config.sessionTtlMs);
    return 0;
  } catch (err) {
    if (!(err instanceof AdminAccountError)) throw err;
    note(err.message);
    return 1;
  } finally {
    await database.close();
  }
}

runCommand(main);
