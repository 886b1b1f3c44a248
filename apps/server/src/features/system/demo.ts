import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertDemoPackages } from '../mining/index.ts';
import { insertMember } from '../../platform/member-store.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_TX_PASSWORD = '123456';

type Seed = { userid: string; name: string; email: string; sponsor: string; parent: string; side: 'L' | 'R' };

/** A small tree under the company root: alice on the left with two recruits, bob on the right. */
const MEMBERS: Seed[] = [
  {
    userid: 'alice',
    name: 'Alice Tan',
    email: 'alice@example.com',
    sponsor: 'root',
    parent: 'root',
    side: 'L',
  },
  { userid: 'bob', name: 'Bob Lim', email: 'bob@example.com', sponsor: 'root', parent: 'root', side: 'R' },
  {
    userid: 'carol',
    name: 'Carol Wong',
    email: 'carol@example.com',
    sponsor: 'alice',
    parent: 'alice',
    side: 'L',
  },
  {
    userid: 'david',
    name: 'David Lee',
    email: 'david@example.com',
    sponsor: 'alice',
    parent: 'alice',
    side: 'R',
  },
  { userid: 'erin', name: 'Erin Chua', email: 'erin@example.com', sponsor: 'bob', parent: 'bob', side: 'L' },
];

/** Loads the demo members and mining packages into an empty database (only the company root and admins present). */
export async function loadDemoData(
  db: Db,
  rootId: string,
): Promise<{ userid: string; password: string }[] | null> {
  const members = await db
    .selectFrom('members')
    .select('id')
    .where('role', '=', 'member')
    .where('id', '<>', rootId)
    .limit(1)
    .execute();
  if (members.length > 0) return null;
  const [password, txPassword] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_TX_PASSWORD),
  ]);
  await db.transaction().execute(async (tx) => {
    const ids: Record<string, string> = { root: rootId };
    for (const m of MEMBERS) {
      const row = await insertMember(tx, {
        userid: m.userid,
        name: m.name,
        email: m.email,
        mobile: null,
        tel_prefix: null,
        password_hash: password,
        tx_password_hash: txPassword,
        sponsor_id: ids[m.sponsor] ?? rootId,
        placement_parent_id: ids[m.parent] ?? rootId,
        side: m.side,
      });
      ids[m.userid] = row.id;
    }
    await insertDemoPackages(tx);
  });
  return MEMBERS.map((m) => ({ userid: m.userid, password: DEMO_PASSWORD }));
}
