import {
  PLATFORM_TOKEN,
  adminAdjustBalance,
  adminApproveWd,
  adminDashboard,
  adminLedgerHealth,
  adminMemberDetail,
  adminMemberList,
  adminMemberStatus,
  adminPayoutSettings,
  adminPayoutSettingsSave,
  adminPlan,
  adminPlanPreview,
  adminPlanSave,
  adminSetExchangeRate,
  adminUnbindAddress,
  adminWdList,
  adminWdManualPaid,
  exchangeMenu,
  getCoin,
} from '@mp/contract/web';
import type { RequestOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export type WdStatus = 'pending' | 'approved' | 'rejected';
export type WdFilter = { status?: WdStatus; userid?: string; from?: string; to?: string };
export type MemberStatus = 'active' | 'frozen';
export type MemberFilter = { status?: MemberStatus; keyword?: string };

export const adminKeys = {
  all: ['admin'] as const,
  wd: ['admin', 'wd'] as const,
  wdList: (filter: WdFilter) => ['admin', 'wd', 'list', filter] as const,
  wdTotals: (filter: WdFilter) => ['admin', 'wd', 'totals', filter] as const,
  ledgerHealth: ['admin', 'ledger-health'] as const,
  rate: ['admin', 'exchange-rate'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  members: ['admin', 'members'] as const,
  memberList: (filter: MemberFilter) => ['admin', 'members', 'list', filter] as const,
  member: (userid: string) => ['admin', 'members', 'detail', userid] as const,
  plan: ['admin', 'plan'] as const,
  payoutSettings: ['admin', 'payout-settings'] as const,
};

export function fetchWithdrawalsPage(filter: WdFilter, page: number, pagesize: number) {
  return api(adminWdList, { page, pagesize, ...filter });
}

/** Count and sums for the filter (the list call carries them; one row is enough to read them). */
export const wdTotalsQuery = (filter: WdFilter) =>
  queryOptions({
    queryKey: adminKeys.wdTotals(filter),
    queryFn: () => api(adminWdList, { page: 1, pagesize: 1, ...filter }),
    select: (d) => ({ count: d.total, amount: d.total_amount, fee: d.total_fee }),
  });

/** `totp`: the step-up code when the admin's two-factor is on. */
export function decideWithdrawal(
  id: string,
  action: 'approve' | 'reject' | 'retry' | 'cancel',
  reason?: string,
  totp?: string,
) {
  return apiEnvelope(adminApproveWd, {
    id,
    action,
    ...(reason ? { reason } : {}),
    ...(totp ? { totp } : {}),
  });
}

/** Records the transaction that paid a withdrawal by hand; quiet: the dialog shows the refusal in place. */
export const recordManualPayment = (id: string, txHash: string, totp: string) =>
  apiEnvelope(adminWdManualPaid, { id, tx_hash: txHash, ...(totp ? { totp } : {}) }, { quiet: true });

/** The payout networks, limits and thresholds; always fresh: the day's automatic total moves with every payout. */
export const payoutSettingsQuery = queryOptions({
  queryKey: adminKeys.payoutSettings,
  queryFn: () => api(adminPayoutSettings, {}),
  staleTime: 0,
});

/** Quiet: the page shows the refusal by its fields. */
export const savePayoutSettings = (input: RequestOf<typeof adminPayoutSettingsSave>) =>
  apiEnvelope(adminPayoutSettingsSave, input, { quiet: true });

export function adjustBalance(input: RequestOf<typeof adminAdjustBalance>) {
  return apiEnvelope(adminAdjustBalance, input);
}

/** Runs the invariant check on every request: a cached answer would say nothing about the ledger now. */
export const ledgerHealthQuery = queryOptions({
  queryKey: adminKeys.ledgerHealth,
  queryFn: () => api(adminLedgerHealth, {}),
  staleTime: 0,
  gcTime: 0,
});

/** The current rate: the token's price from the coin list, the spread and member rates from the exchange menu. */
export const exchangeRateQuery = queryOptions({
  queryKey: adminKeys.rate,
  queryFn: async () => {
    const [coins, menu] = await Promise.all([api(getCoin, {}), api(exchangeMenu, {})]);
    const pairs = menu.list.filter((p) => p.from === PLATFORM_TOKEN || p.to === PLATFORM_TOKEN);
    return {
      price_usdt: coins.list.find((c) => c.asset === PLATFORM_TOKEN)?.price_usdt ?? '',
      spread_percent: pairs[0]?.spread_percent ?? '',
      pairs,
    };
  },
  staleTime: 0,
});

export function setExchangeRate(input: RequestOf<typeof adminSetExchangeRate>) {
  return apiEnvelope(adminSetExchangeRate, input);
}

export function unbindAddress(input: RequestOf<typeof adminUnbindAddress>) {
  return apiEnvelope(adminUnbindAddress, input);
}

export const dashboardQuery = queryOptions({
  queryKey: adminKeys.dashboard,
  queryFn: () => api(adminDashboard, {}),
});

export function fetchMembersPage(filter: MemberFilter, page: number, pagesize: number) {
  return api(adminMemberList, { page, pagesize, ...filter });
}

export const memberDetailQuery = (userid: string) =>
  queryOptions({ queryKey: adminKeys.member(userid), queryFn: () => api(adminMemberDetail, { userid }) });

export function setMemberStatus(input: RequestOf<typeof adminMemberStatus>) {
  return apiEnvelope(adminMemberStatus, input);
}

export const planQuery = queryOptions({ queryKey: adminKeys.plan, queryFn: () => api(adminPlan, {}) });

export function savePlan(input: RequestOf<typeof adminPlanSave>) {
  return apiEnvelope(adminPlanSave, input);
}

export function previewPlan(input: RequestOf<typeof adminPlanPreview>) {
  return api(adminPlanPreview, input);
}
