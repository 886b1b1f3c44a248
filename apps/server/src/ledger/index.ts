import type { AssetCode, WalletKind } from '@mp/contract';
import type { ChangeFeed } from '../db/change-feed.ts';
import { type Conn, type Db, poolOf } from '../db/database.ts';
import { createReadCache, type ReadCache } from '../db/read-cache.ts';
import { createAccountDirectory, memberAccount } from './accounts.ts';
import { type OperationContext, type OperationInput, runOperation } from './operation.ts';
import type { Leg } from './post.ts';
import { runSingleOperation, type SingleResult } from './single.ts';

export { memberAccount, platformAccount, type AccountRef, type PlatformAccount } from './accounts.ts';
export { InsufficientFunds, type Leg, type PostedTransfer } from './post.ts';
export { InactiveMember } from './single.ts';
export { checkLedger } from './invariants.ts';
export {
  embeddedPosting,
  embeddedPostingParams,
  embeddedRefusal,
  operationByKey,
  type EmbeddedPosting,
} from './embedded.ts';
export { requestHash, type OperationContext, type OperationInput } from './operation.ts';

/** How long a server may show balances it read, at most, when a change could not reach it (a server crash). */
export const BALANCE_CACHE_MS = 10_000;

const BALANCES_SQL =
  'select wallet, asset, debits_posted, credits_posted, debits_pending from ledger_accounts where member_id = $1';
type BalanceRow = {
  wallet: string;
  asset: string;
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
};

const balanceCaches = new WeakMap<Db, ReadCache<BalanceRow[]>>();

/** Keeps members' balance rows in memory until a posting changes them (ledger/balance-changes.ts). */
export function cacheBalances(db: Db, feed: ChangeFeed): void {
  balanceCaches.set(
    db,
    createReadCache(feed, { tables: ['balances'], ttlMs: BALANCE_CACHE_MS, max: 100_000 }),
  );
}

async function cachedBalanceRows(db: Db, memberId: string): Promise<BalanceRow[]> {
  const read = async () =>
    (await poolOf(db).query<BalanceRow>({ name: 'member_balances', text: BALANCES_SQL, values: [memberId] }))
      .rows;
  const cache = balanceCaches.get(db);
  return cache ? cache.get(memberId, read) : read();
}

export type Balance = { wallet: string; asset: string; balance: bigint; available: bigint; pending: bigint };

/** Balances by the rows they were read from (see memberBalances); shared, so callers must not change them. */
const converted = new WeakMap<BalanceRow[], readonly Balance[]>();

/** The money core: the only code that writes balances (DESIGN.md section 4). */
export function createLedger(db: Db) {
  const accounts = createAccountDirectory(db);
  return {
    db,
    accounts,
    operation<T>(input: OperationInput, work: (op: OperationContext) => Promise<T>): Promise<T> {
      return runOperation(db, accounts, input, work);
    },

    /** An operation that is one set of linked legs, on the fast path; `result` builds the stored answer. */
    post<T>(
      input: OperationInput,
      legs: Leg[],
      result: SingleResult<T>,
      requireActive: string[] = [],
    ): Promise<T> {
      return runSingleOperation(db, accounts, input, legs, result, requireActive);
    },

    /** A member's balances, for every account the member has (no account: zero). */
    async memberBalances(conn: Conn, memberId: string): Promise<readonly Balance[]> {
      // Read on every wallet screen: outside a transaction, from memory or one round trip to a prepared statement.
      const rows =
        conn === db
          ? await cachedBalanceRows(db, memberId)
          : await conn
              .selectFrom('ledger_accounts')
              .select(['wallet', 'asset', 'debits_posted', 'credits_posted', 'debits_pending'])
              .where('member_id', '=', memberId)
              .execute();
      // A cached read hands back the same rows until they change: convert them once.
      let balances = converted.get(rows);
      if (!balances) {
        balances = rows.map((r) => {
          const balance = BigInt(r.credits_posted) - BigInt(r.debits_posted);
          const pending = BigInt(r.debits_pending);
          return { wallet: r.wallet, asset: r.asset, balance, pending, available: balance - pending };
        });
        converted.set(rows, balances);
      }
      return balances;
    },

    async memberBalance(
      conn: Conn,
      memberId: string,
      wallet: WalletKind,
      asset: AssetCode,
    ): Promise<Balance> {
      const id = await accounts.existingId(memberAccount(memberId, wallet, asset));
      if (!id) return { wallet, asset, balance: 0n, available: 0n, pending: 0n };
      const r = await conn
        .selectFrom('ledger_accounts')
        .select(['debits_posted', 'credits_posted', 'debits_pending'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const balance = BigInt(r.credits_posted) - BigInt(r.debits_posted);
      const pending = BigInt(r.debits_pending);
      return { wallet, asset, balance, pending, available: balance - pending };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
