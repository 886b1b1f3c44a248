import { inTransaction } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fieldRefusal } from '../../http/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { memberDestination } from '../members/contact.ts';
import { findByUserid } from '../members/queries.ts';
import { checkNewPassword } from '../members/signup.ts';
import type { Sessions } from './sessions.ts';
import type { Tacs } from './tac.ts';

async function resettableMember(deps: Deps, username: string) {
  const member = await findByUserid(deps.db, username);
  if (member?.role !== 'member') throw fieldRefusal(404, 'username', 'member_not_found');
  const to = memberDestination(member);
  if (!to) throw fieldRefusal(422, 'username', 'no_contact');
  return { member, to };
}

export async function sendResetCode(
  deps: Deps,
  tacs: Tacs,
  username: string,
  lang: Parameters<Tacs['issue']>[2],
) {
  const { member, to } = await resettableMember(deps, username);
  return tacs.issue('reset_password', to, lang, member.id);
}

export async function resetPassword(
  deps: Deps,
  tacs: Tacs,
  sessions: Sessions,
  input: { username: string; tac: string; password: string; confirm_password: string },
) {
  checkNewPassword(input.password, input.confirm_password, 'password', 'confirm_password');
  const { member, to } = await resettableMember(deps, input.username);
  const hash = await hashPassword(input.password);
  await inTransaction(deps.db, async (tx) => {
    await tacs.consume(tx, 'reset_password', to.address, input.tac);
    await tx
      .updateTable('members')
      .set({ password_hash: hash, updated_at: deps.clock.now() })
      .where('id', '=', member.id)
      .execute();
  });
  await sessions.revokeAll(member.id);
}
