import type { Rank } from '@mp/contract';
import { sql } from 'kysely';
import { money } from '../../lib/amount.ts';
import { VOLUME_ASSET } from './plan.ts';

/** Minor units of the volume asset (USDT) on the wire. */
export const usd = (v: string | bigint | null | undefined) => money(v ?? '0', VOLUME_ASSET);

/** A member's leg figures as selected by `legColumns` (text; null without a stats row). */
export type LegRow = {
  left_count: string | null;
  right_count: string | null;
  left_volume: string | null;
  right_volume: string | null;
  left_balance: string | null;
  right_balance: string | null;
};

/** Leg counts and lifetime leg volumes from member_stats `s`. */
const countsAndVolumes = sql`s.left_count::text, s.right_count::text, s.left_volume::text, s.right_volume::text`;

/** The columns of `LegRow`, from member_stats `s` and `pairing_carried(...) c`. */
export const legColumns = sql`${countsAndVolumes}, c.left_volume::text left_balance, c.right_volume::text right_balance`;

/**
 * The columns of `LegRow` with every volume not yet paired as the balances (carried, and since the last run), from
 * member_stats `s`: what an operator looks at.
 */
export const unpairedColumns = sql`${countsAndVolumes},
  coalesce(s.left_open, 0)::text left_balance, coalesce(s.right_open, 0)::text right_balance`;

/** Leg counts, lifetime leg volumes and carried balances, as the calls show them. */
export function legFigures(r: LegRow) {
  return {
    left_count: Number(r.left_count ?? 0),
    right_count: Number(r.right_count ?? 0),
    left_volume: usd(r.left_volume),
    right_volume: usd(r.right_volume),
    left_balance: usd(r.left_balance),
    right_balance: usd(r.right_balance),
  };
}

/** A downline member as a match of a search or a bookmark: where they sit below the member asking. */
export type PlacementRow = {
  userid: string;
  rank: Rank;
  created_at: Date;
  depth: number;
  /** The asking member's leg the match is in (null only for the member themselves, shown as L). */
  leg: 'L' | 'R' | null;
};
export function placementMatch<R extends PlacementRow>(r: R) {
  return {
    userid: r.userid,
    rank: r.rank,
    joined: new Date(r.created_at).toISOString(),
    depth: r.depth,
    leg: r.leg ?? ('L' as const),
  };
}
