// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as payouts from '../calls/payouts.ts';

export const adminPayoutSettings: CallRef<typeof payouts.adminPayoutSettings> = {
  name: 'Admin/payoutsettings',
  method: 'POST',
};
export const adminPayoutSettingsSave: CallRef<typeof payouts.adminPayoutSettingsSave> = {
  name: 'Admin/payoutsettingssave',
  method: 'POST',
};
