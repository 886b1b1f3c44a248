import {
  getCAddress,
  showWithdrawAddress,
  updateCAddress,
  withdrawAddressType,
  withdrawHistory,
  withdrawMenu,
  withdrawNote,
  withdrawPreview,
  withdrawSave,
} from '@mp/contract/web';
import type { RequestOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const withdrawKeys = {
  all: ['withdraw'] as const,
  menu: ['withdraw', 'menu'] as const,
  notes: ['withdraw', 'notes'] as const,
  payTo: ['withdraw', 'pay-to'] as const,
  previews: ['withdraw', 'preview'] as const,
  preview: (amount: string) => ['withdraw', 'preview', amount] as const,
  list: ['withdraw', 'list'] as const,
  address: ['withdraw', 'address'] as const,
  addressTypes: ['withdraw', 'address-types'] as const,
};

export const withdrawMenuQuery = queryOptions({
  queryKey: withdrawKeys.menu,
  queryFn: () => api(withdrawMenu, {}),
});
export const withdrawNotesQuery = queryOptions({
  queryKey: withdrawKeys.notes,
  queryFn: () => api(withdrawNote, {}, { quiet: true }),
});
export const payToQuery = queryOptions({
  queryKey: withdrawKeys.payTo,
  queryFn: () => api(showWithdrawAddress, {}),
});

/** The server's preview of a withdrawal (fee rounded up, what arrives); quiet: the form shows problems itself. */
export const previewQuery = (amount: string) =>
  queryOptions({
    queryKey: withdrawKeys.preview(amount),
    queryFn: ({ signal }) => api(withdrawPreview, { amount }, { quiet: true, signal }),
    enabled: amount.length > 0,
    staleTime: 30_000,
    retry: false,
  });

export const sendWithdrawal = (input: RequestOf<typeof withdrawSave>) =>
  api(withdrawSave, input, { quiet: true });

export function fetchWithdrawals(page: number, pagesize: number) {
  return api(withdrawHistory, { page, pagesize });
}

export const boundAddressQuery = queryOptions({
  queryKey: withdrawKeys.address,
  queryFn: () => api(getCAddress, {}),
});
export const addressTypesQuery = queryOptions({
  queryKey: withdrawKeys.addressTypes,
  queryFn: () => api(withdrawAddressType, {}),
  staleTime: 5 * 60_000,
});

export const bindAddress = (input: RequestOf<typeof updateCAddress>) =>
  api(updateCAddress, input, { quiet: true });
