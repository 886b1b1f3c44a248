import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations.ts';
import type { Db } from '../database.ts';

/** 0039 moves each snapshot's stored tree into partitions of its own, row for row. */
let db: Db;
let apply: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply } = await databaseBefore('0039_reserve_partitions'));
});
afterAll(() => db.destroy());

const salt = (n: number) => Buffer.alloc(32, n);

describe('migration 0039_reserve_partitions', () => {
  it("keeps every snapshot's leaves and nodes, each snapshot in its own partition", async () => {
    await sql`insert into reserve_leaves (snapshot_id, member_id, idx, salt) values
      (3, 10, 0, ${salt(1)}), (3, 11, 1, ${salt(2)}), (7, 10, 0, ${salt(3)})`.execute(db);
    await sql`insert into reserve_nodes (snapshot_id, level, idx, hash, sums) values
      (3, 0, 0, ${salt(4)}, '\\x01'), (3, 1, 0, ${salt(5)}, '\\x02'), (7, 0, 0, ${salt(6)}, '\\x03')`.execute(
      db,
    );
    await apply();

    const leaves = await sql<{ t: string; snapshot_id: string; member_id: string; salt: Buffer }>`
      select tableoid::regclass::text t, snapshot_id, member_id, salt from reserve_leaves order by 2, 3`.execute(
      db,
    );
    expect(leaves.rows).toEqual([
      { t: 'reserve_leaves_s3', snapshot_id: '3', member_id: '10', salt: salt(1) },
      { t: 'reserve_leaves_s3', snapshot_id: '3', member_id: '11', salt: salt(2) },
      { t: 'reserve_leaves_s7', snapshot_id: '7', member_id: '10', salt: salt(3) },
    ]);
    const nodes = await sql<{ t: string; level: number; hash: Buffer; sums: Buffer }>`
      select tableoid::regclass::text t, level, hash, sums from reserve_nodes order by snapshot_id, level`.execute(
      db,
    );
    expect(nodes.rows).toEqual([
      { t: 'reserve_nodes_s3', level: 0, hash: salt(4), sums: Buffer.from([1]) },
      { t: 'reserve_nodes_s3', level: 1, hash: salt(5), sums: Buffer.from([2]) },
      { t: 'reserve_nodes_s7', level: 0, hash: salt(6), sums: Buffer.from([3]) },
    ]);
    // The primary key holds across partitions as before.
    await expect(
      sql`insert into reserve_leaves (snapshot_id, member_id, idx, salt) values (3, 10, 5, ${salt(9)})`.execute(
        db,
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
