import type { AssetCode, WalletKind } from '@mp/contract';
import type { Conn, Db } from '../db/database.ts';

/** The platform's own accounts, one per asset each. They may go below zero (they are the other side of members). */
export const PLATFORM_ACCOUNTS = [
  'chain',
  'fees',
  'bonus_expense',
  'mining_payouts',
  'shop_revenue',
  'exchange_liquidity',
  'withdrawal_payouts',
  // Withdrawals paid by hand, outside the hot wallet (an admin records each one's transaction).
  'manual_payouts',
  'airdrop_pool',
  'adjustments',
  'copy_custody',
  'copy_pnl',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

export type AccountRef =
  | { member: string; wallet: WalletKind; asset: AssetCode }
  | { platform: PlatformAccount; asset: AssetCode };

export function memberAccount(member: string, wallet: WalletKind, asset: AssetCode): AccountRef {
  return { member, wallet, asset };
}

export function platformAccount(platform: PlatformAccount, asset: AssetCode): AccountRef {
  return { platform, asset };
}

export function refKey(ref: AccountRef): string {
  return 'member' in ref ? `m:${ref.member}:${ref.wallet}:${ref.asset}` : `p:${ref.platform}:${ref.asset}`;
}

/**
 * Account ids by reference. Accounts are made on first use inside the operation's own transaction (a
 * transaction must not wait for a second pooled connection). Ids never change, so an id is cached once it was
 * read as already existing — never one made by a transaction that may still roll back.
 */
export function createAccountDirectory(db: Db) {
  const ids = new Map<string, string>();
  /** Accounts a still-open transaction made: visible to it, but not to be cached until it commits. */
  const madeBy = new WeakMap<Conn, Set<string>>();

  async function create(db: Conn, refs: AccountRef[]) {
    const members = refs.filter((r): r is Extract<AccountRef, { member: string }> => 'member' in r);
    const platforms = refs.filter(
      (r): r is Extract<AccountRef, { platform: PlatformAccount }> => 'platform' in r,
    );
    if (members.length) {
      await db
        .insertInto('ledger_accounts')
        .values(
          members.map((r) => ({
            member_id: r.member,
            platform: null,
            wallet: r.wallet,
            asset: r.asset,
            no_overdraft: true,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['member_id', 'wallet', 'asset']).where('member_id', 'is not', null).doNothing(),
        )
        .execute();
    }
    if (platforms.length) {
      await db
        .insertInto('ledger_accounts')
        .values(
          platforms.map((r) => ({
            member_id: null,
            platform: r.platform,
            wallet: r.platform,
            asset: r.asset,
            no_overdraft: false,
          })),
        )
        .onConflict((oc) => oc.columns(['platform', 'asset']).where('platform', 'is not', null).doNothing())
        .execute();
    }
  }

  async function load(db: Conn, refs: AccountRef[], cache: boolean): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id', 'platform', 'wallet', 'asset'])
      .where((eb) =>
        eb.or(
          refs.map((r) =>
            'member' in r
              ? eb.and([
                  eb('member_id', '=', r.member),
                  eb('wallet', '=', r.wallet),
                  eb('asset', '=', r.asset),
                ])
              : eb.and([eb('platform', '=', r.platform), eb('asset', '=', r.asset)]),
          ),
        ),
      )
      .execute();
    for (const row of rows) {
      const key = row.member_id
        ? `m:${row.member_id}:${row.wallet}:${row.asset}`
        : `p:${row.platform}:${row.asset}`;
      found.set(key, row.id);
      if (cache && !madeBy.get(db)?.has(key)) ids.set(key, row.id);
    }
    return found;
  }

  return {
    /** Ids for the refs, creating missing accounts through `conn` (the operation's transaction). */
    async idsFor(conn: Conn, refs: AccountRef[]): Promise<string[]> {
      const local = new Map<string, string>();
      let missing = refs.filter((r) => !ids.has(refKey(r)));
      if (missing.length) for (const [k, v] of await load(conn, missing, true)) local.set(k, v);
      missing = missing.filter((r) => !local.has(refKey(r)));
      if (missing.length) {
        // In key order, so two transactions creating the same accounts take their index locks in one order.
        await create(
          conn,
          [...missing].sort((a, b) => (refKey(a) < refKey(b) ? -1 : 1)),
        );
        if (conn !== db) {
          const made = madeBy.get(conn) ?? new Set<string>();
          for (const r of missing) made.add(refKey(r));
          madeBy.set(conn, made);
        }
        // Made outside a transaction, they are committed already: their ids can be kept.
        for (const [k, v] of await load(conn, missing, conn === db)) local.set(k, v);
      }
      return refs.map((r) => {
        const id = ids.get(refKey(r)) ?? local.get(refKey(r));
        if (!id) throw new Error(`ledger account not found: ${refKey(r)}`);
        return id;
      });
    },
    /** The id of an existing account, without creating it. */
    async existingId(ref: AccountRef): Promise<string | undefined> {
      if (!ids.has(refKey(ref))) await load(db, [ref], true);
      return ids.get(refKey(ref));
    },
  };
}

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
