// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as adminMoney from '../calls/admin-money.ts';

export const adminAdjustBalance: CallRef<typeof adminMoney.adminAdjustBalance> = {
  name: 'Admin/adjustbalance',
  method: 'POST',
};
export const adminAirdropCampaign: CallRef<typeof adminMoney.adminAirdropCampaign> = {
  name: 'Admin/airdropcampaign',
  method: 'POST',
};
export const adminAirdropCampaigns: CallRef<typeof adminMoney.adminAirdropCampaigns> = {
  name: 'Admin/airdropcampaigns',
  method: 'POST',
};
export const adminLedgerHealth: CallRef<typeof adminMoney.adminLedgerHealth> = {
  name: 'Admin/ledgerhealth',
  method: 'POST',
};
export const adminSetExchangeRate: CallRef<typeof adminMoney.adminSetExchangeRate> = {
  name: 'Admin/setexchangerate',
  method: 'POST',
};
export const totpDisable: CallRef<typeof adminMoney.totpDisable> = {
  name: 'Member/totpdisable',
  method: 'POST',
};
export const totpEnable: CallRef<typeof adminMoney.totpEnable> = {
  name: 'Member/totpenable',
  method: 'POST',
};
export const totpSetup: CallRef<typeof adminMoney.totpSetup> = { name: 'Member/totpsetup', method: 'POST' };
export const totpStatus: CallRef<typeof adminMoney.totpStatus> = {
  name: 'Member/totpstatus',
  method: 'POST',
};
