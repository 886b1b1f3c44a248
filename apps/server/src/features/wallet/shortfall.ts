import { fieldRefusal } from '../../http/errors.ts';
import { InsufficientFunds } from '../../ledger/index.ts';

/** Runs a posting and turns a member account going below zero into the member-facing refusal. */
export async function refuseShortfall<T>(post: () => Promise<T>, field = 'amount'): Promise<T> {
  try {
    return await post();
  } catch (err) {
    if (err instanceof InsufficientFunds) throw fieldRefusal(422, field, 'insufficient_balance');
    throw err;
  }
}
