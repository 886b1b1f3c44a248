import { totpDisable, totpEnable, totpSetup } from '@mp/contract/web';
import { api } from '../../lib/api.ts';

export const startTotpSetup = () => api(totpSetup, {});
export const enableTotp = (totp: string) => api(totpEnable, { totp }, { quiet: true });
export const disableTotp = (totp: string, tx_password: string) =>
  api(totpDisable, { totp, tx_password }, { quiet: true });
