import { type AssetCode, formatAmount } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import type { Leg } from '../../ledger/post.ts';
import { type Plan, share, VOLUME_ASSET } from './plan.ts';

export type PaidPurchase = {
  buyerId: string;
  buyerUserid: string;
  /** Qualifying volume, minor units of `asset`. */
  volume: bigint;
  asset: string;
  /** Names the purchase in the payout's reference, e.g. `mining:M2026...`. */
  reference: string;
};

const pct = (bps: bigint) => formatAmount(bps, 2);

/** The sponsor upline of a member, nearest first, up to `levels`: only members who can earn (not the root or admins). */
export async function upline(db: Conn, memberId: string, levels: number) {
  const r = await sql<{ level: number; id: string; userid: string; earns: boolean }>`
    with recursive up(level, id) as (
      select 1, sponsor_id from members where id = ${memberId}::bigint and sponsor_id is not null
      union all
      select up.level + 1, m.sponsor_id from up join members m on m.id = up.id
      where up.level < ${levels} and m.sponsor_id is not null
    )
    select up.level, m.id::text, m.userid, (m.role = 'member' and m.sponsor_id is not null) earns
    from up join members m on m.id = up.id order by up.level`.execute(db);
  return r.rows;
}

/**
 * The bonuses a paid purchase earns at once, as ledger legs from bonus expense to be posted in the purchase's own
 * operation: the sponsor bonus to the buyer's sponsor and the level bonus to sponsor levels 1-5. Each leg names the
 * buyer (`source_userid`) and the purchase, so a member can trace every amount. Rounds down.
 */
export async function purchaseBonusLegs(db: Conn, plan: Plan, p: PaidPurchase): Promise<Leg[]> {
  if (p.asset !== VOLUME_ASSET || p.volume <= 0n) return [];
  const asset = VOLUME_ASSET as AssetCode;
  const legs: Leg[] = [];
  const base = {
    source_userid: p.buyerUserid,
    purchase: p.reference,
    purchase_amount: formatAmount(p.volume, 6),
    plan_version: String(plan.version),
  };
  for (const u of await upline(db, p.buyerId, plan.levelBps.length)) {
    if (!u.earns) continue;
    const pay = (type: 'sponsor' | 'level', rate: bigint, extra: Record<string, string>) => {
      const amount = share(p.volume, rate);
      if (amount <= 0n) return;
      legs.push({
        debit: platformAccount('bonus_expense', asset),
        credit: memberAccount(u.id, plan.wallets[type], asset),
        amount,
        kind: `bonus_${type}`,
        reference: `purchase:${p.reference}`,
        details: { ...base, percent: pct(rate), ...extra },
      });
    };
    if (u.level === 1) pay('sponsor', plan.sponsorBps, {});
    pay('level', plan.levelBps[u.level - 1] ?? 0n, { level: String(u.level) });
  }
  return legs;
}
