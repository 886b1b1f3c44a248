import {
  checkPlacementId,
  checkSponsorId,
  checkUserid,
  getSmsVerification,
  getTelPrefix,
  login,
  logout,
  resetPassword,
  resetPasswordCode,
  signupSave,
} from '@mp/contract';
import type { Deps } from '../../platform/deps.ts';
import { handle, reply } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { maskName, signupContact } from '../members/index.ts';
import { checkPlacement, requireSponsor } from '../members/index.ts';
import { findByUserid, isEmailTaken, isMobileTaken } from '../../platform/members.ts';
import { signUp } from '../members/index.ts';
import { TEL_PREFIXES } from '../../platform/tel-prefixes.ts';
import { logIn } from './login.ts';
import { resetPassword as doResetPassword, sendResetCode } from './reset-password.ts';
import type { Sessions } from '../../platform/session-store.ts';
import type { Tacs } from '../../platform/tac.ts';
import { propagateAfterCommit } from '../network/index.ts';

export function authRoutes(deps: Deps, sessions: Sessions, tacs: Tacs) {
  const { db } = deps;
  return [
    handle(login, (input, ctx) => logIn(deps, sessions, input, ctx)),

    handle(logout, async (_input, ctx) => {
      await sessions.revoke(ctx.member.tokenHash);
      return reply({}, 'logged_out');
    }),

    handle(getTelPrefix, async () => ({ list: TEL_PREFIXES })),

    handle(checkUserid, async ({ userid }) => {
      if (await findByUserid(db, userid)) throw fieldRefusal(409, 'userid', 'username_taken');
      return reply({ userid, available: true as const }, 'username_available');
    }),

    handle(checkSponsorId, async ({ sponsor_id }) => {
      const sponsor = await requireSponsor(db, sponsor_id);
      return { userid: sponsor.userid, name: maskName(sponsor.name || sponsor.userid) };
    }),

    handle(checkPlacementId, async ({ sponsor_id, placement_id }) => {
      const sponsor = await requireSponsor(db, sponsor_id);
      const { placement, leftFree, rightFree } = await checkPlacement(db, sponsor.id, placement_id);
      return { userid: placement.userid, left_free: leftFree, right_free: rightFree };
    }),

    handle(getSmsVerification, async (input, ctx) => {
      const contact = signupContact(input);
      if (contact.email && (await isEmailTaken(db, contact.email)))
        throw fieldRefusal(409, 'email', 'email_taken');
      if (
        contact.mobile &&
        contact.telPrefix &&
        (await isMobileTaken(db, contact.telPrefix, contact.mobile))
      ) {
        throw fieldRefusal(409, 'mobile', 'mobile_taken');
      }
      const sent = await tacs.issue('signup', contact.to, ctx.lang);
      return reply(sent, contact.email ? 'tac_sent_email' : 'tac_sent_mobile');
    }),

    handle(signupSave, async (input) => {
      const done = await signUp(deps, tacs, input);
      await propagateAfterCommit(deps.db, deps.log);
      return reply(done, 'signup_done');
    }),

    handle(resetPasswordCode, async ({ username }, ctx) => {
      // The same answer whether or not the account exists (reset-password.ts).
      return reply(await sendResetCode(deps, tacs, username, ctx.lang), 'reset_code_sent');
    }),

    handle(resetPassword, async (input, ctx) => {
      await doResetPassword(deps, tacs, sessions, input, ctx.ip);
      return reply({}, 'reset_done');
    }),
  ];
}
