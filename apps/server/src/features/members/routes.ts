import {
  getInfoC,
  getProfile,
  getVerificationCode,
  securityState,
  updateProfile,
  updatePwd,
  updateTransactionPwd,
} from '@mp/contract';
import type { Deps } from '../../platform/deps.ts';
import { handle, reply } from '../../platform/calls.ts';
import type { Sessions } from '../../platform/session-store.ts';
import type { Tacs } from '../../platform/tac.ts';
import type { Totp } from '../../platform/factors.ts';
import {
  changeLoginPassword,
  changeTransactionPassword,
  sendMemberCode,
  updateMemberProfile,
} from './account.ts';
import type { MemberCards } from './card.ts';
import { loadProfile } from './profile.ts';
import { loadSecurityState } from './security-state.ts';

export function memberRoutes(deps: Deps, sessions: Sessions, tacs: Tacs, totp: Totp, cards: MemberCards) {
  return [
    handle(getInfoC, (_input, ctx) => cards.get(ctx.member.id)),

    handle(getProfile, async (_input, ctx) => loadProfile(deps.db, ctx.member.id)),

    handle(updateProfile, async (input, ctx) =>
      reply(
        await updateMemberProfile(deps, tacs, totp, { memberId: ctx.member.id, ip: ctx.ip }, input),
        'saved',
      ),
    ),

    handle(getVerificationCode, async (input, ctx) => {
      const sent = await sendMemberCode(deps, tacs, ctx.member.id, input, ctx.lang);
      return reply(sent, sent.destination.includes('@') ? 'tac_sent_email' : 'tac_sent_mobile');
    }),

    handle(updatePwd, async (input, ctx) => {
      await changeLoginPassword(deps, sessions, totp, { memberId: ctx.member.id, ip: ctx.ip }, input);
      return reply({}, 'password_changed');
    }),

    handle(updateTransactionPwd, async (input, ctx) => {
      await changeTransactionPassword(deps, tacs, totp, { memberId: ctx.member.id, ip: ctx.ip }, input);
      // The old transaction password may be remembered with this member's sessions: read them afresh.
      sessions.refresh(ctx.member.id);
      return reply({}, 'saved');
    }),

    handle(securityState, async (_input, ctx) => loadSecurityState(deps, totp, ctx.member.id)),
  ];
}
