import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, ROOT_USERID } from '../../../test/postgres.ts';
import { createDb, type Db, inTransaction } from '../../db/database.ts';
import {
  addFree,
  balanceOf,
  balanceRows,
  freeHoldings,
  lockBalances,
  openBalance,
  resetBalances,
  saveBalances,
} from './paper-book.ts';

/**
 * The paper book, the one writer of paper balances: what a new account, a copy pool's cash and a reset do to them,
 * as the exchange then reads them. (Orders and fills through it are covered by the trading tests.)
 */
let db: Db;
let accounts = 0;
beforeAll(async () => {
  db = createDb(await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate')), 2);
});
afterAll(() => db.destroy());

/** A paper account of the root member with `start` USDT, made as the trading feature makes one. */
async function newAccount(start: bigint): Promise<string> {
  const root = await db
    .selectFrom('members')
    .select('id')
    .where('userid', '=', ROOT_USERID)
    .executeTakeFirstOrThrow();
  accounts += 1;
  return inTransaction(db, async (tx) => {
    const made = await tx
      .insertInto('trading_accounts')
      .values({
        member_id: root.id,
        kind: 'paper',
        venue: `book-${accounts}`,
        start_balance: start.toString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await openBalance(tx, made.id, 'USDT', start);
    return made.id;
  });
}

describe('the paper book', () => {
  it("a new account starts with its quote free; a pool's cash comes in and goes out of it", async () => {
    const id = await newAccount(1_000n);
    expect(await balanceOf(db, id, 'USDT')).toEqual({ free: 1_000n, used: 0n });
    await addFree(db, id, 'USDT', 500n);
    await addFree(db, id, 'USDT', -200n);
    expect(await balanceRows(db, id)).toEqual([{ asset: 'USDT', free: 1_300n, used: 0n }]);
  });

  it('refuses to take more cash than is free, and leaves the balance as it was', async () => {
    const id = await newAccount(100n);
    await expect(addFree(db, id, 'USDT', -101n)).rejects.toThrow();
    expect(await balanceOf(db, id, 'USDT')).toEqual({ free: 100n, used: 0n });
  });

  it('holdings are the assets held free besides the quote; an asset never held reads as zero', async () => {
    const id = await newAccount(100n);
    await inTransaction(db, async (tx) => {
      const rows = await lockBalances(tx, id, ['BTC', 'ETH']);
      const btc = rows.get('BTC')!;
      btc.free = 5n;
      await saveBalances(tx, id, [btc]);
    });
    expect(await freeHoldings(db, id, 'USDT')).toEqual([{ asset: 'BTC', free: 5n }]);
    expect(await balanceOf(db, id, 'SOL')).toEqual({ free: 0n, used: 0n });
  });

  it('a reset leaves the starting quote alone', async () => {
    const id = await newAccount(100n);
    await inTransaction(db, async (tx) => {
      const rows = await lockBalances(tx, id, ['BTC']);
      const btc = rows.get('BTC')!;
      btc.free = 3n;
      btc.used = 2n;
      await saveBalances(tx, id, [btc]);
      await resetBalances(tx, id, 'USDT', 777n);
    });
    expect(await balanceRows(db, id)).toEqual([{ asset: 'USDT', free: 777n, used: 0n }]);
  });
});
