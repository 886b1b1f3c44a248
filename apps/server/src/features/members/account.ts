import type { Language, ParsedRequestOf, getVerificationCode, updateProfile } from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import { inTransaction, pgErrorCode } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fieldRefusal, Refusal } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { Destination, Tacs } from '../auth/tac.ts';
import type { Totp } from '../security/totp.ts';
import { checkEmail, checkMobile, memberDestination } from './contact.ts';
import { loadProfile } from './profile.ts';
import { findById, isEmailTaken, isMobileTaken } from './queries.ts';
import { checkNewPassword } from './signup.ts';

async function member(deps: Deps, id: string) {
  const m = await findById(deps.db, id);
  if (!m) throw new Refusal(404, 'member_not_found');
  return m;
}

/** A new e-mail or mobile for the profile, checked and free; undefined when neither is being changed. */
async function newContact(
  deps: Deps,
  memberId: string,
  input: { email?: string; mobile?: string; tel_prefix?: string },
): Promise<(Destination & { email?: string; mobile?: string; telPrefix?: string }) | undefined> {
  if (input.email) {
    const email = checkEmail(input.email);
    if (await isEmailTaken(deps.db, email, memberId)) throw fieldRefusal(409, 'email', 'email_taken');
    return { channel: 'email', address: email, email };
  }
  if (input.mobile) {
    const m = checkMobile(input.mobile, input.tel_prefix);
    if (await isMobileTaken(deps.db, m.telPrefix, m.mobile, memberId))
      throw fieldRefusal(409, 'mobile', 'mobile_taken');
    return { channel: 'sms', address: m.address, mobile: m.mobile, telPrefix: m.telPrefix };
  }
  return undefined;
}

export async function sendMemberCode(
  deps: Deps,
  tacs: Tacs,
  memberId: string,
  input: ParsedRequestOf<typeof getVerificationCode>,
  lang: Language,
) {
  const m = await member(deps, memberId);
  const to = input.purpose === 'profile' ? await newContact(deps, memberId, input) : memberDestination(m);
  if (!to) throw new Refusal(422, input.purpose === 'profile' ? 'invalid_request' : 'no_contact');
  return tacs.issue(input.purpose, to, lang, memberId);
}

export async function updateMemberProfile(
  deps: Deps,
  tacs: Tacs,
  memberId: string,
  input: ParsedRequestOf<typeof updateProfile>,
) {
  const contact = await newContact(deps, memberId, input);
  if (contact && !input.tac) throw fieldRefusal(422, 'tac', 'field_required');
  try {
    await inTransaction(deps.db, async (tx) => {
      if (contact && input.tac) await tacs.consume(tx, 'profile', contact.address, input.tac);
      await tx
        .updateTable('members')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.lang ? { lang: input.lang } : {}),
          ...(contact?.email ? { email: contact.email } : {}),
          ...(contact?.mobile ? { mobile: contact.mobile, tel_prefix: contact.telPrefix ?? null } : {}),
          updated_at: deps.clock.now(),
        })
        .where('id', '=', memberId)
        .execute();
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw fieldRefusal(
        409,
        contact?.email ? 'email' : 'mobile',
        contact?.email ? 'email_taken' : 'mobile_taken',
      );
    throw err;
  }
  noteChanged(deps.db, 'members', [memberId]);
  return loadProfile(deps.db, memberId);
}

export async function changeLoginPassword(
  deps: Deps,
  sessions: Sessions,
  memberId: string,
  input: { old_password: string; password: string; confirm_password: string },
) {
  const m = await member(deps, memberId);
  if (!(await verifyPassword(m.password_hash, input.old_password))) {
    throw fieldRefusal(422, 'old_password', 'old_password_wrong');
  }
  checkNewPassword(input.password, input.confirm_password, 'password', 'confirm_password');
  if (input.password === input.old_password) throw fieldRefusal(422, 'password', 'password_same');
  const hash = await hashPassword(input.password);
  await deps.db
    .updateTable('members')
    .set({ password_hash: hash, updated_at: deps.clock.now() })
    .where('id', '=', memberId)
    .execute();
  await sessions.revokeAll(memberId);
}

export async function changeTransactionPassword(
  deps: Deps,
  tacs: Tacs,
  totp: Totp,
  memberId: string,
  input: { tac: string; tx_password: string; confirm_tx_password: string; totp?: string },
) {
  const m = await member(deps, memberId);
  checkNewPassword(input.tx_password, input.confirm_tx_password, 'tx_password', 'confirm_tx_password');
  await totp.require(memberId, input.totp);
  const to = memberDestination(m);
  if (!to) throw new Refusal(422, 'no_contact');
  const hash = await hashPassword(input.tx_password);
  await inTransaction(deps.db, async (tx) => {
    await tacs.consume(tx, 'tx_password', to.address, input.tac);
    await tx
      .updateTable('members')
      .set({ tx_password_hash: hash, updated_at: deps.clock.now() })
      .where('id', '=', memberId)
      .execute();
  });
  noteChanged(deps.db, 'members', [memberId]);
}
