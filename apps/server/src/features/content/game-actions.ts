import { type adminGameSettings, GAME_STREAK_REWARDS, type ParsedRequestOf } from '@mp/contract';
import type { Conn } from '../../db/database.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { audit } from '../../platform/audit.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { getSetting, putSetting } from '../../platform/settings.ts';
import { AIRDROP } from '../wallet/index.ts';
import {
  checkedInOn,
  paidInAll,
  playersOn,
  recentCheckins,
  recordCheckin,
  streakOn,
} from './game-queries.ts';

/**
 * The daily check-in game (DECISIONS.md section 29): once per member per UTC day, a small reward in platform tokens
 * from the airdrop pool, growing over a 7-day streak. It pays through the ledger, one operation keyed by member and
 * day, so a double tap or two servers pay once; the admin's budget caps what the pool pays in all.
 */
type GameSettings = { budget: string; enabled: boolean };
const GAME_SETTINGS_KEY = 'game';
const GAME_DEFAULTS: GameSettings = { budget: '10000', enabled: true };
const REWARDS = GAME_STREAK_REWARDS.map((r) => parseMoney(r, AIRDROP.asset));

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const dayBefore = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
const rewardFor = (streak: number) => REWARDS[Math.min(streak, REWARDS.length) - 1]!;

async function settingsOf(db: Conn): Promise<GameSettings> {
  return { ...GAME_DEFAULTS, ...(await getSetting<Partial<GameSettings>>(db, GAME_SETTINGS_KEY, {})) };
}

/** The member's game today: checked in or not, the streak, today's reward, whether the pool still pays. */
export async function gameStatusOf(d: MoneyDeps, memberId: string) {
  const today = dayOf(d.clock.now());
  const [recent, settings, paid] = await Promise.all([
    recentCheckins(d.db, memberId),
    settingsOf(d.db),
    paidInAll(d.db),
  ]);
  const last = recent[0];
  const checkedIn = last?.day === today;
  const streak = checkedIn ? last.streak : last?.day === dayBefore(today) ? last.streak : 0;
  const todayReward = checkedIn ? BigInt(last.amount) : rewardFor(streak + 1);
  const budget = parseMoney(settings.budget, AIRDROP.asset, 'budget');
  return {
    checked_in: checkedIn,
    streak,
    today_reward: money(todayReward, AIRDROP.asset),
    asset: AIRDROP.asset,
    rewards: REWARDS.map((r) => money(r, AIRDROP.asset)),
    open: settings.enabled && paid + rewardFor(1) <= budget,
    recent: recent.map((r) => ({ day: r.day, amount: money(r.amount, AIRDROP.asset) })),
    total: money(last?.total ?? '0', AIRDROP.asset),
  };
}

/** Today's check-in, paid from the airdrop pool once per member and day: the game after it and what it paid. */
export async function checkIn(d: MoneyDeps, memberId: string) {
  const today = dayOf(d.clock.now());
  if (await checkedInOn(d.db, memberId, today)) throw new Refusal(409, 'game_already_today');
  const paid = await d.ledger.operation(
    { key: `game:${memberId}:${today}`, kind: 'game_checkin', memberId, request: { day: today } },
    async (op) => {
      // The pool's row, locked: one check-in at a time decides against the budget (members check in once a day).
      const paidSoFar = await paidInAll(op.tx, true);
      const settings = await settingsOf(op.tx);
      const streak = ((await streakOn(op.tx, memberId, dayBefore(today))) ?? 0) + 1;
      const amount = rewardFor(streak);
      const budget = parseMoney(settings.budget, AIRDROP.asset, 'budget');
      if (!settings.enabled || paidSoFar + amount > budget) throw new Refusal(409, 'game_closed');
      await recordCheckin(op.tx, memberId, today, streak, amount);
      await op.post([
        {
          debit: platformAccount('airdrop_pool', AIRDROP.asset),
          credit: memberAccount(memberId, AIRDROP.wallet, AIRDROP.asset),
          amount,
          kind: 'airdrop',
          reference: `check-in ${today}`,
          details: { from: 'game', day: today, streak: String(streak) },
        },
      ]);
      return { amount: money(amount, AIRDROP.asset) };
    },
  );
  return { status: await gameStatusOf(d, memberId), paid: { amount: paid.amount, asset: AIRDROP.asset } };
}

/** The admin's budget and switch (saved when given), with what the pool paid and today's players. */
export async function gameSettings(
  d: MoneyDeps,
  adminId: string,
  { budget, enabled }: ParsedRequestOf<typeof adminGameSettings>,
) {
  if (budget !== undefined || enabled !== undefined) {
    const current = await settingsOf(d.db);
    const next: GameSettings = {
      budget:
        budget === undefined
          ? current.budget
          : money(parseMoney(budget, AIRDROP.asset, 'budget'), AIRDROP.asset),
      enabled: enabled === undefined ? current.enabled : enabled === 'on',
    };
    await putSetting(d.db, GAME_SETTINGS_KEY, next);
    await audit(d.db, adminId, 'game.settings', 'game', next);
  }
  const [settings, paid, players] = await Promise.all([
    settingsOf(d.db),
    paidInAll(d.db),
    playersOn(d.db, dayOf(d.clock.now())),
  ]);
  return {
    budget: settings.budget,
    paid: money(paid, AIRDROP.asset),
    enabled: settings.enabled,
    players_today: players,
  };
}
