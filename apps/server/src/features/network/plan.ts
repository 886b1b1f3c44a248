import {
  BONUS_TYPES,
  type BonusType,
  parseAmount,
  type PlanSettings,
  QUALIFYING_RANKS,
  RANKS,
  type Rank,
  type WalletKind,
} from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';

/** Bonuses are paid, and volumes counted, in USDT (6 decimals); purchases in other assets carry no volume. */
export const VOLUME_ASSET = 'USDT' as const;
const DECIMALS = 6;

/** Safe defaults: modest rates, caps for every rank, carry-forward on. */
export const DEFAULT_PLAN: PlanSettings = {
  sponsor_percent: '5',
  level_percents: ['2', '1', '1', '0.5', '0.5'],
  pairing_percent: '10',
  pair_ratio: '1:1',
  pair_unit: '100',
  carry_forward: true,
  daily_cap: { Fans: '100', Analyst: '500', Developer: '1000', Operator: '3000', Investor: '10000' },
  cap_excess: 'flush',
  rank_rules: [
    { rank: 'Analyst', personal_volume: '100', direct_sponsors: 2, team_volume: '1000' },
    { rank: 'Developer', personal_volume: '500', direct_sponsors: 4, team_volume: '10000' },
    { rank: 'Operator', personal_volume: '1000', direct_sponsors: 6, team_volume: '50000' },
    { rank: 'Investor', personal_volume: '5000', direct_sponsors: 10, team_volume: '200000' },
  ],
  wallets: { sponsor: 'reward', pairing: 'reward', level: 'reward' },
};

export type RankRule = { rank: Rank; personal: bigint; directs: bigint; team: bigint };

/** The plan in the units the engine computes with: basis points and minor units of USDT. */
export type Plan = {
  version: number;
  settings: PlanSettings;
  sponsorBps: bigint;
  levelBps: bigint[];
  pairingBps: bigint;
  ratio: '1:1' | '2:1';
  unit: bigint;
  carryForward: boolean;
  caps: Record<Rank, bigint>;
  capExcess: 'flush' | 'carry';
  rankRules: RankRule[];
  wallets: Record<BonusType, WalletKind>;
};

const minor = (text: string, field: string, decimals = DECIMALS): bigint => {
  const r = parseAmount(text, decimals);
  if (!r.ok) throw fieldRefusal(422, field, 'field_invalid');
  return r.value;
};
const bps = (text: string, field: string): bigint => {
  const v = minor(text, field, 2);
  if (v > 10_000n) throw fieldRefusal(422, field, 'field_invalid');
  return v;
};

/** Checks a plan beyond its shape and turns it into engine units; refuses naming the field. */
export function compilePlan(s: PlanSettings, version = 0): Plan {
  const sponsorBps = bps(s.sponsor_percent, 'settings.sponsor_percent');
  const levelBps = s.level_percents.map((p, i) => bps(p, `settings.level_percents.${i}`));
  const pairingBps = bps(s.pairing_percent, 'settings.pairing_percent');
  if (sponsorBps + levelBps.reduce((a, b) => a + b, 0n) > 10_000n)
    throw fieldRefusal(422, 'settings.sponsor_percent', 'plan_percent_too_high');
  const unit = minor(s.pair_unit, 'settings.pair_unit');
  if (unit <= 0n) throw fieldRefusal(422, 'settings.pair_unit', 'plan_pair_unit');
  const caps = Object.fromEntries(
    RANKS.map((r) => [r, minor(s.daily_cap[r], `settings.daily_cap.${r}`)]),
  ) as Record<Rank, bigint>;
  const rankRules = s.rank_rules.map((r, i) => {
    if (r.rank !== QUALIFYING_RANKS[i])
      throw fieldRefusal(422, `settings.rank_rules.${i}.rank`, 'field_invalid');
    return {
      rank: r.rank,
      personal: minor(r.personal_volume, `settings.rank_rules.${i}.personal_volume`),
      directs: BigInt(r.direct_sponsors),
      team: minor(r.team_volume, `settings.rank_rules.${i}.team_volume`),
    };
  });
  rankRules.forEach((r, i) => {
    const below = rankRules[i - 1];
    if (below && (r.personal < below.personal || r.directs < below.directs || r.team < below.team))
      throw fieldRefusal(422, `settings.rank_rules.${i}.rank`, 'plan_rank_order');
  });
  return {
    version,
    settings: s,
    sponsorBps,
    levelBps,
    pairingBps,
    ratio: s.pair_ratio,
    unit,
    carryForward: s.carry_forward,
    caps,
    capExcess: s.cap_excess,
    rankRules,
    wallets: Object.fromEntries(BONUS_TYPES.map((t) => [t, s.wallets[t]])) as Record<BonusType, WalletKind>,
  };
}

/** Bonus on an amount at a rate, rounded down (in the platform's favour). */
export const share = (amount: bigint, rateBps: bigint): bigint => (amount * rateBps) / 10_000n;

export async function planVersions(db: Conn) {
  return db
    .selectFrom('plan_versions as p')
    .leftJoin('members as m', 'm.id', 'p.created_by')
    .select(['p.version', 'p.note', 'p.created_at', 'p.settings', 'm.userid'])
    .orderBy('p.version', 'desc')
    .execute();
}

/**
 * The plan in force: the newest version, or the defaults (version 0) before any is saved. Read once per
 * operation; a saved version applies to everything that starts after it.
 */
export async function currentPlan(db: Conn): Promise<Plan> {
  const row = await db
    .selectFrom('plan_versions')
    .select(['version', 'settings'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return compilePlan(DEFAULT_PLAN, 0);
  return compilePlan(row.settings as PlanSettings, row.version);
}
