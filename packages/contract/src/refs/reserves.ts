// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as reserves from '../calls/reserves.ts';

export const adminReserves: CallRef<typeof reserves.adminReserves> = {
  name: 'Admin/reserves',
  method: 'POST',
};
export const adminReservesNow: CallRef<typeof reserves.adminReservesNow> = {
  name: 'Admin/reservesnow',
  method: 'POST',
};
export const reservesChain: CallRef<typeof reserves.reservesChain> = {
  name: 'Reserves/chain',
  method: 'POST',
};
export const reservesList: CallRef<typeof reserves.reservesList> = { name: 'Reserves/list', method: 'POST' };
export const reservesProof: CallRef<typeof reserves.reservesProof> = {
  name: 'Reserves/proof',
  method: 'POST',
};
