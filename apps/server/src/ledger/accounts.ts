import type { AssetCode, WalletKind } from '@mp/contract';
import type { Db } from '../db/database.ts';

/** The platform's own accounts, one per asset each. They may go below zero (they are the other side of members). */
export const PLATFORM_ACCOUNTS = [
  'chain',
  'fees',
  'bonus_expense',
  'mining_payouts',
  'shop_revenue',
  'exchange_liquidity',
  'withdrawal_payouts',
  'airdrop_pool',
  'adjustments',
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
 * Account ids by reference. Accounts are made on first use, outside any business transaction (autocommit),
 * so a rolled-back operation never leaves a cached id that does not exist. Ids never change, so they are cached.
 */
export function createAccountDirectory(db: Db) {
  const ids = new Map<string, string>();

  async function create(refs: AccountRef[]) {
    const members = refs.filter((r): r is Extract<AccountRef, { member: string }> => 'member' in r);
    const platforms = refs.filter((r): r is Extract<AccountRef, { platform: PlatformAccount }> => 'platform' in r);
    if (members.length) {
      await db
        .insertInto('ledger_accounts')
        .values(members.map((r) => ({ member_id: r.member, platform: null, wallet: r.wallet, asset: r.asset, no_overdraft: true })))
        .onConflict((oc) => oc.columns(['member_id', 'wallet', 'asset']).where('member_id', 'is not', null).doNothing())
        .execute();
    }
    if (platforms.length) {
      await db
        .insertInto('ledger_accounts')
        .values(platforms.map((r) => ({ member_id: null, platform: r.platform, wallet: r.platform, asset: r.asset, no_overdraft: false })))
        .onConflict((oc) => oc.columns(['platform', 'asset']).where('platform', 'is not', null).doNothing())
        .execute();
    }
  }

  async function load(refs: AccountRef[]) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id', 'platform', 'wallet', 'asset'])
      .where((eb) =>
        eb.or(
          refs.map((r) =>
            'member' in r
              ? eb.and([eb('member_id', '=', r.member), eb('wallet', '=', r.wallet), eb('asset', '=', r.asset)])
              : eb.and([eb('platform', '=', r.platform), eb('asset', '=', r.asset)]),
          ),
        ),
      )
      .execute();
    for (const row of rows) {
      const key = row.member_id ? `m:${row.member_id}:${row.wallet}:${row.asset}` : `p:${row.platform}:${row.asset}`;
      ids.set(key, row.id);
    }
  }

  return {
    /** Ids for the refs, creating missing accounts. */
    async idsFor(refs: AccountRef[]): Promise<string[]> {
      let missing = refs.filter((r) => !ids.has(refKey(r)));
      if (missing.length) await load(missing);
      missing = missing.filter((r) => !ids.has(refKey(r)));
      if (missing.length) {
        await create(missing);
        await load(missing);
      }
      return refs.map((r) => {
        const id = ids.get(refKey(r));
        if (!id) throw new Error(`ledger account not found: ${refKey(r)}`);
        return id;
      });
    },
    /** The id of an existing account, without creating it. */
    async existingId(ref: AccountRef): Promise<string | undefined> {
      if (!ids.has(refKey(ref))) await load([ref]);
      return ids.get(refKey(ref));
    },
  };
}

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
