/** Members for the benchmarks, made in bulk (no sign-up path: the benchmarks measure other calls). */
import type { Db } from '../apps/server/src/db/database.ts';

export async function insertMembers(
  db: Db,
  opts: { prefix: string; count: number; passwordHash: string; txPasswordHash: string; named?: boolean },
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < opts.count; i += 500) {
    const rows = await db
      .insertInto('members')
      .values(
        Array.from({ length: Math.min(500, opts.count - i) }, (_, k) => ({
          userid: `${opts.prefix}${i + k}`,
          name: opts.named ? `${opts.prefix} ${i + k}` : '',
          email: null,
          mobile: null,
          tel_prefix: null,
          password_hash: opts.passwordHash,
          tx_password_hash: opts.txPasswordHash,
          sponsor_id: null,
          placement_parent_id: null,
          side: null,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
