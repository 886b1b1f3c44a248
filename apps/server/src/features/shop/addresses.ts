import type { addressSave, ParsedRequestOf } from '@mp/contract';
import { type Db, inTransaction } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import {
  addressesOf,
  clearDefaultAddress,
  deleteAddress,
  hasAddress,
  insertAddress,
  lockAddresses,
  updateAddress,
} from './queries.ts';

type AddressDeps = { db: Db; clock: Clock };
const unknownAddress = () => fieldRefusal(404, 'id', 'shop_address_unknown');

export async function listAddresses(db: Db, memberId: string) {
  return { list: await addressesOf(db, memberId) };
}

/** Adds or changes an address; the member's first, or one asked to be, becomes the default (the only one). */
export async function saveAddress(
  d: AddressDeps,
  memberId: string,
  input: ParsedRequestOf<typeof addressSave>,
) {
  const id = await inTransaction(d.db, async (tx) => {
    await lockAddresses(tx, memberId);
    const first = !(await hasAddress(tx, memberId));
    const isDefault = input.is_default || first;
    if (isDefault) await clearDefaultAddress(tx, memberId);
    const values = {
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      city: input.city,
      postcode: input.postcode,
      country: input.country,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      is_default: isDefault,
    };
    if (!input.id) return insertAddress(tx, memberId, values, d.clock.now());
    const row = await updateAddress(tx, numericId(input.id, unknownAddress()), memberId, values);
    if (!row) throw unknownAddress();
    return row;
  });
  return { id };
}

export async function removeAddress(d: AddressDeps, memberId: string, id: string) {
  const gone = await deleteAddress(d.db, numericId(id, unknownAddress()), memberId, d.clock.now());
  if (!gone) throw unknownAddress();
  return {};
}
