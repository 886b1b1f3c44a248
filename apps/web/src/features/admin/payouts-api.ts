import { adminPayoutSettings, adminPayoutSettingsSave, adminWdManualPaid } from '@mp/contract/web';
import type { RequestOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export const payoutKeys = { settings: ['admin', 'payout-settings'] as const };

/** The payout networks, limits and thresholds; always fresh: the day's automatic total moves with every payout. */
export const payoutSettingsQuery = queryOptions({
  queryKey: payoutKeys.settings,
  queryFn: () => api(adminPayoutSettings, {}),
  staleTime: 0,
});

/** Quiet: the page shows the refusal by its fields. */
export const savePayoutSettings = (input: RequestOf<typeof adminPayoutSettingsSave>) =>
  apiEnvelope(adminPayoutSettingsSave, input, { quiet: true });

/** Records the transaction that paid a withdrawal by hand; quiet: the dialog shows the refusal in place. */
export const recordManualPayment = (id: string, txHash: string, totp: string) =>
  apiEnvelope(adminWdManualPaid, { id, tx_hash: txHash, ...(totp ? { totp } : {}) }, { quiet: true });
