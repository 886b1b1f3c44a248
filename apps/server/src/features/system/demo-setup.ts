import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Ledger } from '../../ledger/index.ts';
import { loadDemoContent } from '../content/index.ts';
import { ensureAdmin } from './bootstrap.ts';
import { loadDemoData } from './demo.ts';
import { type AppBuilder, loadDemoActivity } from './demo-activity.ts';
import { loadDemoBalances } from './demo-money.ts';

/** The demo's admin login, printed by `npm start` beside the members'. */
export const DEMO_ADMIN = { userid: 'admin', password: 'admin1234' };

/**
 * Demo data for an empty database (DEMO_DATA, on by default): members, news, packages and balances, a demo admin
 * (not in production unless DEMO_ADMIN=1) and a week of activity, made through the app's own calls on an app that
 * `buildApp` builds. The balances are posted through `ledger`, the process's. Returns what `npm start` prints about
 * logins.
 */
export async function loadDemo(
  config: Config,
  db: Db,
  ledger: Ledger,
  rootId: string,
  buildApp: AppBuilder,
): Promise<string[]> {
  if (!config.demoData) return [];
  const logins = await loadDemoData(db, rootId);
  const lines: string[] = [];
  if (logins) {
    await loadDemoContent(db);
    await loadDemoBalances(db, ledger);
    if (config.demoAdmin) await ensureAdmin(db, DEMO_ADMIN.userid, DEMO_ADMIN.password);
    const admin = config.demoAdmin ? DEMO_ADMIN : config.admin;
    if (admin) await loadDemoActivity(config, db, admin, buildApp);
    lines.push(
      `Demo data loaded. Demo logins: ${logins.map((d) => `${d.userid} / ${d.password}`).join(', ')} (transaction password 123456)`,
    );
    if (!admin)
      lines.push(
        'Demo activity skipped: it needs an admin (DEMO_ADMIN=1, or ADMIN_USERID and ADMIN_PASSWORD).',
      );
  } else {
    lines.push(
      'Demo members: alice, bob, carol, david, erin / demo1234 (if the demo data was loaded earlier)',
    );
  }
  const demoAdmin = await db
    .selectFrom('members')
    .select('id')
    .where(sql`lower(userid)`, '=', DEMO_ADMIN.userid)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  if (demoAdmin)
    lines.push(`Demo admin: ${DEMO_ADMIN.userid} / ${DEMO_ADMIN.password} (the admin area is under Me)`);
  else if (!config.demoAdmin) lines.push('No demo admin in production: set DEMO_ADMIN=1 to create one.');
  return lines;
}
