import { type ParsedRequestOf, PASSWORD_MAX, PASSWORD_MIN, type signupSave } from '@mp/contract';
import { sql } from 'kysely';
import { inTransaction, pgConstraint, pgErrorCode } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Tacs } from '../../platform/tac.ts';
import { signupContact } from './contact.ts';
import { choosePlacement, requireSponsor } from './placement.ts';
import { findByUserid, isEmailTaken, isMobileTaken } from '../../platform/members.ts';
import { insertMember } from '../../platform/member-store.ts';

type SignupInput = ParsedRequestOf<typeof signupSave>;

export function checkNewPassword(password: string, confirm: string, field: string, confirmField: string) {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw fieldRefusal(422, field, 'password_format');
  }
  if (password !== confirm) {
    throw fieldRefusal(
      422,
      confirmField,
      field === 'tx_password' ? 'tx_password_mismatch' : 'password_mismatch',
    );
  }
}

const AUTO_PLACEMENT_ATTEMPTS = 5;

/** Creates a member: checks every field, then uses the TAC and inserts the member in one transaction. */
export async function signUp(deps: Deps, tacs: Tacs, input: SignupInput) {
  const { db } = deps;
  checkNewPassword(input.password, input.confirm_password, 'password', 'confirm_password');
  checkNewPassword(input.tx_password, input.confirm_tx_password, 'tx_password', 'confirm_tx_password');
  const contact = signupContact(input);
  if (await findByUserid(db, input.username)) throw fieldRefusal(409, 'username', 'username_taken');
  if (contact.email && (await isEmailTaken(db, contact.email)))
    throw fieldRefusal(409, 'email', 'email_taken');
  if (contact.mobile && contact.telPrefix && (await isMobileTaken(db, contact.telPrefix, contact.mobile))) {
    throw fieldRefusal(409, 'mobile', 'mobile_taken');
  }
  const sponsor = await requireSponsor(db, input.sponsor_id);
  // Checked before hashing so a refused placement answers fast; checked again under the unique index.
  await choosePlacement(db, sponsor.id, input.placement_id, input.side);
  const [passwordHash, txPasswordHash] = await Promise.all([
    hashPassword(input.password),
    hashPassword(input.tx_password),
  ]);

  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (tx) => {
        // Automatic placements under one sponsor and side queue here instead of racing for the same spot.
        if (!input.placement_id)
          await sql`select pg_advisory_xact_lock(hashtext(${`place:${sponsor.id}:${input.side}`}))`.execute(
            tx,
          );
        const { parentId } = await choosePlacement(tx, sponsor.id, input.placement_id, input.side);
        await tacs.consume(tx, 'signup', contact.to.address, input.tac);
        const parent = await tx
          .selectFrom('members')
          .select('userid')
          .where('id', '=', parentId)
          .executeTakeFirstOrThrow();
        const member = await insertMember(tx, {
          userid: input.username,
          name: '',
          email: contact.email,
          mobile: contact.mobile,
          tel_prefix: contact.telPrefix,
          password_hash: passwordHash,
          tx_password_hash: txPasswordHash,
          sponsor_id: sponsor.id,
          placement_parent_id: parentId,
          side: input.side,
        });
        return {
          userid: member.userid,
          sponsor_id: sponsor.userid,
          placement_id: parent.userid,
          side: input.side,
        };
      });
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
      const constraint = pgConstraint(err);
      if (constraint === 'members_placement_spot') {
        // Someone took the spot between our check and our insert.
        if (!input.placement_id && attempt < AUTO_PLACEMENT_ATTEMPTS) continue;
        throw fieldRefusal(409, 'side', 'side_taken');
      }
      if (constraint === 'members_userid_lower') throw fieldRefusal(409, 'username', 'username_taken');
      if (constraint === 'members_email_lower') throw fieldRefusal(409, 'email', 'email_taken');
      if (constraint === 'members_mobile') throw fieldRefusal(409, 'mobile', 'mobile_taken');
      throw err;
    }
  }
}
