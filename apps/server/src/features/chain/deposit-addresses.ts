import { type Address, getAddress } from 'viem';
import type { Db } from '../../db/database.ts';
import { depositAddress } from './addresses.ts';

/**
 * The member's deposit address on a chain, made on first use: child <member id> of the deposit xpub, so it is the
 * same however often it is asked for and on whichever server.
 */
export async function memberDepositAddress(
  db: Db,
  chainId: number,
  xpub: string,
  memberId: string,
): Promise<Address> {
  const found = await db
    .selectFrom('chain_addresses')
    .select('address')
    .where('chain_id', '=', chainId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  // Stored in lower case (the scanner matches logs by it), shown with its checksum.
  if (found) return getAddress(found.address);
  const index = Number(memberId);
  if (!Number.isSafeInteger(index) || index >= 2 ** 31)
    throw new Error(`no deposit index for member ${memberId}`);
  const address = depositAddress(xpub, index);
  await db
    .insertInto('chain_addresses')
    .values({
      chain_id: chainId,
      member_id: memberId,
      address: address.toLowerCase(),
      derivation_index: String(index),
    })
    .onConflict((oc) => oc.columns(['chain_id', 'member_id']).doNothing())
    .execute();
  return address;
}
