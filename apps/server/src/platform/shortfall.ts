import { fieldRefusal } from '../lib/errors.ts';
import { InactiveMember, InsufficientFunds } from '../ledger/index.ts';

/** Runs a posting and turns a member account going below zero (or a frozen recipient) into the member-facing refusal. */
export async function refuseShortfall<T>(post: () => Promise<T>, field = 'amount'): Promise<T> {
  try {
    return await post();
  } catch (err) {
    if (err instanceof InsufficientFunds) throw fieldRefusal(422, field, 'insufficient_balance');
    // Only postings to another member require one: that member is the recipient.
    if (err instanceof InactiveMember) throw fieldRefusal(422, 'to_userid', 'recipient_inactive');
    throw err;
  }
}
