import type { Language, ParsedRequestOf, getVerificationCode, updateProfile } from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import { inTransaction, pgErrorCode } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Sessions } from '../../platform/session-store.ts';
import { type Destination, maskDestination, type Tacs } from '../../platform/tac.ts';
import type { Totp } from '../../platform/factors.ts';
import { checkEmail, checkMobile, memberDestination } from './contact.ts';
import { loadProfile } from './profile.ts';
import { findById } from './queries.ts';
import { isEmailTaken, isMobileTaken } from '../../platform/members.ts';
import { setLoginPassword, setProfile, setTxPassword } from '../../platform/member-store.ts';
import { noticeChange, recordChange, requireLoginPassword, type SecurityChange } from './security-change.ts';
import { checkNewPassword } from './signup.ts';

/** Who asks for a change and from where (the security record keeps the address). */
export type ChangeContext = { memberId: string; ip: string };

type Member = NonNullable<Awaited<ReturnType<typeof findById>>>;

async function member(deps: Deps, id: string) {
  const m = await findById(deps.db, id);
  if (!m) throw new Refusal(404, 'member_not_found');
  return m;
}

const languageOf = (m: Member) => m.lang as Language;

type NewContact = Destination & { email?: string; mobile?: string; telPrefix?: string };

/** A new e-mail or mobile for the profile, checked, free and not the current one; undefined when neither is given. */
async function newContact(
  deps: Deps,
  m: Member,
  input: { email?: string; mobile?: string; tel_prefix?: string },
): Promise<NewContact | undefined> {
  if (input.email) {
    const email = checkEmail(input.email);
    if (m.email?.toLowerCase() === email.toLowerCase()) throw fieldRefusal(422, 'email', 'contact_same');
    if (await isEmailTaken(deps.db, email, m.id)) throw fieldRefusal(409, 'email', 'email_taken');
    return { channel: 'email', address: email, email };
  }
  if (input.mobile) {
    const c = checkMobile(input.mobile, input.tel_prefix);
    if (m.mobile === c.mobile && m.tel_prefix === c.telPrefix)
      throw fieldRefusal(422, 'mobile', 'contact_same');
    if (await isMobileTaken(deps.db, c.telPrefix, c.mobile, m.id))
      throw fieldRefusal(409, 'mobile', 'mobile_taken');
    return { channel: 'sms', address: c.address, mobile: c.mobile, telPrefix: c.telPrefix };
  }
  return undefined;
}

/**
 * Sends a member's code. Every purpose goes to the member's current contact, never to an address given in the
 * request; only `profile_new`, the second code of a contact change, goes to the new e-mail or mobile, which it proves.
 */
export async function sendMemberCode(
  deps: Deps,
  tacs: Tacs,
  memberId: string,
  input: ParsedRequestOf<typeof getVerificationCode>,
  lang: Language,
) {
  const m = await member(deps, memberId);
  if (input.purpose === 'profile_new') {
    const to = await newContact(deps, m, input);
    if (!to) throw fieldRefusal(422, 'email', 'field_required');
    return tacs.issue('profile_new', to, lang, memberId);
  }
  const to = memberDestination(m);
  if (!to) throw new Refusal(422, 'no_contact');
  return tacs.issue(input.purpose, to, lang, memberId);
}

/** The old contact's own address for the notice: the changed field's old value, else where codes went. */
function contactNotices(m: Member, kind: 'email_changed' | 'mobile_changed'): Destination[] {
  const current = memberDestination(m);
  const old: Destination | undefined =
    kind === 'email_changed'
      ? m.email
        ? { channel: 'email', address: m.email }
        : undefined
      : m.mobile && m.tel_prefix
        ? { channel: 'sms', address: `${m.tel_prefix}${m.mobile}` }
        : undefined;
  return [old, current].filter(
    (d, i, all): d is Destination => Boolean(d) && all.findIndex((o) => o?.address === d?.address) === i,
  );
}

/**
 * Updates the profile. A new e-mail or mobile needs the login password (and a two-factor code when on), a code sent
 * to the current contact (`tac`; a member with none has only the password) and a code sent to the new contact
 * (`new_tac`). The old contact is told, and money is held when an existing contact changed where codes go.
 */
export async function updateMemberProfile(
  deps: Deps,
  tacs: Tacs,
  totp: Totp,
  who: ChangeContext,
  input: ParsedRequestOf<typeof updateProfile>,
) {
  const m = await member(deps, who.memberId);
  const contact = await newContact(deps, m, input);
  const current = memberDestination(m);
  let change: SecurityChange | undefined;
  if (contact) {
    if (!input.password) throw fieldRefusal(422, 'password', 'password_required_for_change');
    if (current && !input.tac) throw fieldRefusal(422, 'tac', 'field_required');
    if (!input.new_tac) throw fieldRefusal(422, 'new_tac', 'field_required');
    await requireLoginPassword(deps, m, input.password);
    await totp.require(m.id, input.totp);
    const kind = contact.email ? 'email_changed' : 'mobile_changed';
    const oldValue = contact.email ? m.email : m.mobile;
    const after = memberDestination({
      email: contact.email ?? m.email,
      mobile: contact.mobile ?? m.mobile,
      tel_prefix: contact.mobile ? (contact.telPrefix ?? null) : m.tel_prefix,
    });
    change = {
      memberId: m.id,
      kind,
      ip: who.ip,
      holds: Boolean(oldValue) || (current !== undefined && after?.address !== current.address),
      to: maskDestination(contact),
      ...(oldValue
        ? {
            from: maskDestination(
              contact.email
                ? { channel: 'email', address: oldValue }
                : { channel: 'sms', address: `${m.tel_prefix ?? ''}${oldValue}` },
            ),
          }
        : {}),
    };
  }
  try {
    await inTransaction(deps.db, async (tx) => {
      if (contact) {
        if (current && input.tac) await tacs.consume(tx, 'profile', current.address, input.tac);
        await tacs.consume(tx, 'profile_new', contact.address, input.new_tac ?? '', 'new_tac');
      }
      await setProfile(
        tx,
        m.id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.lang ? { lang: input.lang } : {}),
          ...(contact?.email ? { email: contact.email } : {}),
          ...(contact?.mobile ? { mobile: contact.mobile, tel_prefix: contact.telPrefix ?? null } : {}),
        },
        deps.clock.now(),
      );
      if (change) await recordChange(deps, tx, change);
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
  noteChanged(deps.db, 'members', [m.id]);
  if (change) {
    for (const to of contactNotices(m, change.kind as 'email_changed' | 'mobile_changed'))
      await noticeChange(deps, to, languageOf(m), change);
  }
  return loadProfile(deps.db, m.id);
}

export async function changeLoginPassword(
  deps: Deps,
  sessions: Sessions,
  totp: Totp,
  who: ChangeContext,
  input: { old_password: string; password: string; confirm_password: string; totp?: string },
) {
  const m = await member(deps, who.memberId);
  await requireLoginPassword(deps, m, input.old_password, 'old_password');
  checkNewPassword(input.password, input.confirm_password, 'password', 'confirm_password');
  if (input.password === input.old_password) throw fieldRefusal(422, 'password', 'password_same');
  await totp.require(m.id, input.totp);
  const hash = await hashPassword(input.password);
  const change: SecurityChange = { memberId: m.id, kind: 'password_changed', ip: who.ip, holds: true };
  await inTransaction(deps.db, async (tx) => {
    await setLoginPassword(tx, m.id, hash, deps.clock.now());
    await recordChange(deps, tx, change);
  });
  await sessions.revokeAll(m.id);
  await noticeChange(deps, memberDestination(m), languageOf(m), change);
}

export async function changeTransactionPassword(
  deps: Deps,
  tacs: Tacs,
  totp: Totp,
  who: ChangeContext,
  input: { password: string; tac: string; tx_password: string; confirm_tx_password: string; totp?: string },
) {
  const m = await member(deps, who.memberId);
  checkNewPassword(input.tx_password, input.confirm_tx_password, 'tx_password', 'confirm_tx_password');
  const to = memberDestination(m);
  if (!to) throw new Refusal(422, 'no_contact');
  await requireLoginPassword(deps, m, input.password);
  await totp.require(m.id, input.totp);
  const hash = await hashPassword(input.tx_password);
  const change: SecurityChange = {
    memberId: m.id,
    kind: 'tx_password_changed',
    ip: who.ip,
    holds: Boolean(m.tx_password_hash),
  };
  await inTransaction(deps.db, async (tx) => {
    await tacs.consume(tx, 'tx_password', to.address, input.tac);
    await setTxPassword(tx, m.id, hash, deps.clock.now());
    await recordChange(deps, tx, change);
  });
  noteChanged(deps.db, 'members', [m.id]);
  await noticeChange(deps, to, languageOf(m), change);
}

/** Two-factor on or off: the login password first; the change is recorded and the contact told. */
export async function changeTotp(
  deps: Deps,
  who: ChangeContext,
  password: string,
  apply: () => Promise<void>,
  kind: 'totp_enabled' | 'totp_disabled',
) {
  const m = await member(deps, who.memberId);
  await requireLoginPassword(deps, m, password);
  await apply();
  const change: SecurityChange = { memberId: m.id, kind, ip: who.ip, holds: kind === 'totp_disabled' };
  await recordChange(deps, deps.db, change);
  await noticeChange(deps, memberDestination(m), languageOf(m), change);
}

/** Asks for the login password before a change of something the member has (e.g. a bound address). */
export async function confirmWithPassword(deps: Deps, memberId: string, password: string | undefined) {
  await requireLoginPassword(deps, await member(deps, memberId), password);
}

/** The record of a withdrawal-address binding; it `holds` money when it replaces an address bound before. */
export function addressChange(who: ChangeContext, masked: string, holds: boolean): SecurityChange {
  return { memberId: who.memberId, kind: 'address_changed', ip: who.ip, holds, to: masked };
}

/** Tells the member's contact about a change recorded elsewhere (a withdrawal address). */
export async function noticeToMember(deps: Deps, change: SecurityChange) {
  const m = await member(deps, change.memberId);
  await noticeChange(deps, memberDestination(m), languageOf(m), change);
}
