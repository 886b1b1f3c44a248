import { parseAmount as parseDecimal } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/password.ts';

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

/**
 * Demo mining packages (issue 5): unit prices in USDT, profit and fee per unit per day. Each profit is what its
 * assumptions give (coins a unit mines a day times the coin's price in USDT), and both BTC packages rest on the same
 * ones (a TH/s mines the same BTC whatever the package): 0.0000008 BTC at 62,500 USDT is 0.05 USDT. Over their terms
 * the two BTC packages return less than their price (the starter: 1.20 back for 10, the S21: 8.10 for 25), the LTC one
 * a little more (2.16 for 2), so the screens show both the warning and its absence.
 */
const BTC_ASSUMPTIONS = {
  coin_price: '62500',
  output_per_unit: '0.0000008',
  note: 'At the network difficulty of that date: output per TH/s falls as the difficulty rises.',
};
const MINING_PACKAGES = [
  {
    name: 'BTC S21 cloud',
    coin: 'BTC',
    capacity_unit: 'TH/s',
    unit_price: '25',
    term_days: 180,
    profit: '0.05',
    fee: '0.005',
    ...BTC_ASSUMPTIONS,
  },
  {
    name: 'BTC starter',
    coin: 'BTC',
    capacity_unit: 'TH/s',
    unit_price: '10',
    term_days: 30,
    profit: '0.05',
    fee: '0.01',
    ...BTC_ASSUMPTIONS,
  },
  {
    name: 'LTC L7 cloud',
    coin: 'LTC',
    capacity_unit: 'MH/s',
    unit_price: '2',
    term_days: 90,
    profit: '0.026',
    fee: '0.002',
    coin_price: '80',
    output_per_unit: '0.000325',
    note: 'At the network difficulty of that date: output per MH/s falls as the difficulty rises.',
  },
];

function parseAmount(text: string, decimals: number): string {
  const r = parseDecimal(text, decimals);
  if (!r.ok) throw new Error(`bad demo amount ${text}`);
  return r.value.toString();
}

/** Loads demo members and news into an empty database (only the company root and admins present). */
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
      const row = await tx
        .insertInto('members')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[m.userid] = row.id;
    }
    for (const p of MINING_PACKAGES) {
      await tx
        .insertInto('mining_packages')
        .values({
          name: p.name,
          coin: p.coin,
          capacity_unit: p.capacity_unit,
          unit_price: parseAmount(p.unit_price, 6),
          term_days: p.term_days,
          daily_profit: parseAmount(p.profit, 6),
          daily_fee: parseAmount(p.fee, 6),
          settle_asset: 'USDT',
          settle_wallet: 'funds',
          min_quantity: 1,
          stock: 10_000,
          // On sale for a month already: the demo week's purchases (demo-activity.ts) start mining the next day.
          start_date: new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10),
          start_delay_days: 1,
          active: true,
          coin_price: parseAmount(p.coin_price, 6),
          output_per_unit: p.output_per_unit,
          // Set the day before the demo's first purchases (a week ago).
          assumptions_set_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString().slice(0, 10),
          assumptions_note: p.note,
        })
        .execute();
    }
  });
  return MEMBERS.map((m) => ({ userid: m.userid, password: DEMO_PASSWORD }));
}
