import { adminGameSettings, gameCheckin, gameStatus } from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { checkIn, gameSettings, gameStatusOf } from './game-actions.ts';

/** The daily check-in game's calls (DECISIONS.md section 29). */
export function gameRoutes(d: MoneyDeps): CallRoute[] {
  return [
    handle(gameStatus, (_i, ctx) => gameStatusOf(d, ctx.member.id)),
    handle(gameCheckin, async (_i, ctx) => {
      const { status, paid } = await checkIn(d, ctx.member.id);
      return reply(status, 'game_checked_in', paid);
    }),
    handle(adminGameSettings, (input, ctx) => gameSettings(d, ctx.member.id, input)),
  ];
}
