import type { Rank } from '@mp/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import type { Plan, RankRule } from './plan.ts';

/** The next rank above the given one and its rule, or null at the top. */
export function nextRankRule(plan: Plan, rank: Rank): RankRule | null {
  const i = plan.rankRules.findIndex((r) => r.rank === rank);
  return plan.rankRules[i + 1] ?? null;
}

/** A member's rank from member_stats `s`: the highest rank whose every threshold is met (rules from the top down), else Fans. */
function rankCase(plan: Plan): RawBuilder<string> {
  const whens = [...plan.rankRules].reverse().map(
    (r) =>
      sql`when coalesce(s.personal_volume, 0) >= ${r.personal.toString()}::bigint
        and coalesce(s.direct_count, 0) >= ${r.directs.toString()}::bigint
        and coalesce(s.left_volume, 0) + coalesce(s.right_volume, 0) >= ${r.team.toString()}::bigint then ${r.rank}`,
  );
  return sql<string>`(case ${sql.join(whens, sql` `)} else 'Fans' end)`;
}

/**
 * Sets the rank of the given members (ids, a query of `member_id`s, or 'all') from their figures and keeps a
 * history row for each change. Returns how many changed.
 */
export async function recomputeRanks(
  tx: Tx,
  plan: Plan,
  who: string[] | RawBuilder<unknown> | 'all',
  reason: string,
): Promise<number> {
  if (Array.isArray(who) && who.length === 0) return 0;
  const filter =
    who === 'all'
      ? sql`true`
      : Array.isArray(who)
        ? sql`m.id = any(${who}::bigint[])`
        : // As an array, so the planner probes members by key instead of joining a temp table it has no statistics for.
          sql`m.id = any(array(${who}))`;
  const r = await sql`with calc as (
      select m.id, m.rank as old, ${rankCase(plan)} as new from members m
      left join member_stats s on s.member_id = m.id
      where ${filter} and m.role = 'member' and m.sponsor_id is not null
    ), changed as (
      update members m set rank = calc.new, updated_at = now() from calc
      where m.id = calc.id and calc.old <> calc.new returning m.id, calc.old, calc.new
    )
    insert into rank_changes (member_id, from_rank, to_rank, reason)
    select id, old, new, ${reason} from changed`.execute(tx);
  return Number(r.numAffectedRows ?? 0);
}
