import { totpDisable, totpEnable, totpSetup } from '@mp/contract/web';
import { api } from '../../lib/api.ts';

export const startTotpSetup = () => api(totpSetup, {});
/** Both need the login password: a stolen session alone cannot turn two-factor on or off. */
export const enableTotp = (totp: string, password: string) =>
  api(totpEnable, { totp, password }, { quiet: true });
export const disableTotp = (totp: string, tx_password: string, password: string) =>
  api(totpDisable, { totp, tx_password, password }, { quiet: true });
