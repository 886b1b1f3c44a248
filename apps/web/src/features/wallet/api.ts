import {
  airdropMenu,
  airdropSave,
  checkAirdropUser,
  checkTransferUser,
  exchangeMenu,
  exchangeQuote,
  exchangeSave,
  getWalletBalance,
  transferMenu,
  transferSave,
  walletOverview,
  walletRecord,
  walletRecord2,
  walletRecord3,
  walletMove,
} from '@mp/contract/web';
import type { RequestOf, WalletKind } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const walletKeys = {
  all: ['wallet'] as const,
  overview: ['wallet', 'overview'] as const,
  balances: ['wallet', 'balances'] as const,
  transferMenu: ['wallet', 'transfer-menu'] as const,
  exchangeMenu: ['wallet', 'exchange-menu'] as const,
  airdropMenu: ['wallet', 'airdrop-menu'] as const,
  recipient: (kind: RecipientKind, userid: string) => ['wallet', 'recipient', kind, userid] as const,
  quotes: ['wallet', 'quote'] as const,
  quote: (from: string, to: string, amount: string) => ['wallet', 'quote', from, to, amount] as const,
  records: (filter: HistoryFilter) => ['wallet', 'records', filter] as const,
};

export const overviewQuery = queryOptions({
  queryKey: walletKeys.overview,
  queryFn: () => api(walletOverview, {}),
});
export const balancesQuery = queryOptions({
  queryKey: walletKeys.balances,
  queryFn: () => api(getWalletBalance, {}),
});
export const transferMenuQuery = queryOptions({
  queryKey: walletKeys.transferMenu,
  queryFn: () => api(transferMenu, {}),
});
export const exchangeMenuQuery = queryOptions({
  queryKey: walletKeys.exchangeMenu,
  queryFn: () => api(exchangeMenu, {}),
});
export const airdropMenuQuery = queryOptions({
  queryKey: walletKeys.airdropMenu,
  queryFn: () => api(airdropMenu, {}),
});

export type RecipientKind = 'transfer' | 'airdrop';

/** As-you-type recipient check: quiet, the field shows the masked name or the refusal. */
export const recipientQuery = (kind: RecipientKind, userid: string) =>
  queryOptions({
    queryKey: walletKeys.recipient(kind, userid),
    queryFn: () =>
      api(kind === 'transfer' ? checkTransferUser : checkAirdropUser, { to_userid: userid }, { quiet: true }),
    enabled: userid.length > 0,
    staleTime: 10_000,
    retry: false,
  });

/** A live exchange quote for a typed amount (wire form); quiet, the form shows problems itself. */
export const quoteQuery = (from: string, to: string, amount: string) =>
  queryOptions({
    queryKey: walletKeys.quote(from, to, amount),
    queryFn: ({ signal }) => api(exchangeQuote, { from, to, amount }, { quiet: true, signal }),
    enabled: amount.length > 0 && from !== to,
    staleTime: 5_000,
    retry: false,
  });

// Saves are quiet: the page shows their outcome on its result view instead of a toast.
export const sendTransfer = (input: RequestOf<typeof transferSave>) =>
  api(transferSave, input, { quiet: true });
export const sendExchange = (input: RequestOf<typeof exchangeSave>) =>
  api(exchangeSave, input, { quiet: true });
export const sendAirdrop = (input: RequestOf<typeof airdropSave>) => api(airdropSave, input, { quiet: true });
/** Deposit-wallet money moved to the funds wallet (no fee), where withdrawals, transfers and exchanges take it. */
export const moveToFunds = (input: Omit<RequestOf<typeof walletMove>, 'from' | 'to'>) =>
  api(walletMove, { ...input, from: 'deposit', to: 'funds' }, { quiet: true });

/** History views: one wallet (walletrecord), member movements (walletrecord2) or the platform token (walletrecord3). */
export type HistoryFilter =
  | { kind: 'wallet'; wallet: WalletKind }
  | { kind: 'movements' }
  | { kind: 'token' };

export function fetchRecords(filter: HistoryFilter, page: number, pagesize: number) {
  if (filter.kind === 'wallet') return api(walletRecord, { page, pagesize, wallet: filter.wallet });
  if (filter.kind === 'token') return api(walletRecord3, { page, pagesize });
  return api(walletRecord2, { page, pagesize });
}
