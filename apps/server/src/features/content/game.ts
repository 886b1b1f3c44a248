import { adminGameSettings, GAME_STREAK_REWARDS, gameCheckin, gameStatus } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import { getSetting, putSetting } from '../../platform/settings.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { AIRDROP } from '../wallet/index.ts';

/**
 * The daily check-in game (DECISIONS.md section 29): once per member per UTC day, a small reward in platform tokens
 * from the airdrop pool, growing over a 7-day streak. It pays through the ledger, one operation keyed by member and
 * day, so a double tap or two servers pay once; the admin's budget caps what the pool pays in all.
 */
export type GameSettings = { budget: string; enabled: boolean };
export const GAME_SETTINGS_KEY = 'game';
export const GAME_DEFAULTS: GameSettings = { budget: '10000', enabled: true };
const REWARDS = GAME_STREAK_REWARDS.map((r) => parseMoney(r, AIRDROP.asset));

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const dayBefore = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
export const rewardFor = (streak: number) => REWARDS[Math.min(streak, REWARDS.length) - 1]!;

async function settingsOf(db: Conn): Promise<GameSettings> {
  return { ...GAME_DEFAULTS, ...(await getSetting<Partial<GameSettings>>(db, GAME_SETTINGS_KEY, {})) };
}

/** What the game paid in all (migration 0012); `lock` holds it until the check-in's transaction ends. */
async function paidInAll(db: Conn, lock = false): Promise<bigint> {
  const row = await db
    .selectFrom('game_pool')
    .select('paid')
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return BigInt(row.paid);
}

export function gameRoutes(d: MoneyDeps): CallRoute[] {
  const { db, clock } = d;

  async function status(memberId: string) {
    const today = dayOf(clock.now());
    const [recent, settings, paid] = await Promise.all([
      db
        .selectFrom('game_checkins')
        // The member's total rides on the recent rows (a window sum is taken before the limit).
        .select([
          sql<string>`day::text`.as('day'),
          'amount',
          'streak',
          sql<string>`sum(amount) over ()`.as('total'),
        ])
        .where('member_id', '=', memberId)
        .orderBy('day', 'desc')
        .limit(7)
        .execute(),
      settingsOf(db),
      paidInAll(db),
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

  return [
    handle(gameStatus, (_i, ctx) => status(ctx.member.id)),

    handle(gameCheckin, async (_i, ctx) => {
      const memberId = ctx.member.id;
      const today = dayOf(clock.now());
      const done = await db
        .selectFrom('game_checkins')
        .select('day')
        .where('member_id', '=', memberId)
        .where('day', '=', today)
        .executeTakeFirst();
      if (done) throw new Refusal(409, 'game_already_today');
      const paid = await d.ledger.operation(
        { key: `game:${memberId}:${today}`, kind: 'game_checkin', memberId, request: { day: today } },
        async (op) => {
          // The pool's row, locked: one check-in at a time decides against the budget (members check in once a day).
          const paidSoFar = await paidInAll(op.tx, true);
          const settings = await settingsOf(op.tx);
          const yesterday = await op.tx
            .selectFrom('game_checkins')
            .select('streak')
            .where('member_id', '=', memberId)
            .where('day', '=', dayBefore(today))
            .executeTakeFirst();
          const streak = (yesterday?.streak ?? 0) + 1;
          const amount = rewardFor(streak);
          const budget = parseMoney(settings.budget, AIRDROP.asset, 'budget');
          if (!settings.enabled || paidSoFar + amount > budget) throw new Refusal(409, 'game_closed');
          await op.tx
            .insertInto('game_checkins')
            .values({ member_id: memberId, day: today, streak, amount: amount.toString() })
            .execute();
          await op.tx
            .updateTable('game_pool')
            .set({ paid: sql`paid + ${amount.toString()}::bigint` })
            .execute();
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
      return reply(await status(memberId), 'game_checked_in', { amount: paid.amount, asset: AIRDROP.asset });
    }),

    handle(adminGameSettings, async ({ budget, enabled }, ctx) => {
      if (budget !== undefined || enabled !== undefined) {
        const current = await settingsOf(db);
        const next: GameSettings = {
          budget:
            budget === undefined
              ? current.budget
              : money(parseMoney(budget, AIRDROP.asset, 'budget'), AIRDROP.asset),
          enabled: enabled === undefined ? current.enabled : enabled === 'on',
        };
        await putSetting(db, GAME_SETTINGS_KEY, next);
        await audit(db, ctx.member.id, 'game.settings', 'game', next);
      }
      const [settings, paid, players] = await Promise.all([
        settingsOf(db),
        paidInAll(db),
        db
          .selectFrom('game_checkins')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('day', '=', dayOf(clock.now()))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        budget: settings.budget,
        paid: money(paid, AIRDROP.asset),
        enabled: settings.enabled,
        players_today: Number(players.n),
      };
    }),
  ];
}
