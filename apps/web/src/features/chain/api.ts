import { adminChainInfo, depositAddress, depositMenu, depositRecord, testDeposit } from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, apiEnvelope } from '../../lib/api.ts';

export const chainKeys = {
  all: ['chain'] as const,
  menu: ['chain', 'menu'] as const,
  address: (network: string) => ['chain', 'address', network] as const,
  records: ['chain', 'records'] as const,
  admin: ['chain', 'admin'] as const,
};

export const depositMenuQuery = queryOptions({
  queryKey: chainKeys.menu,
  queryFn: () => api(depositMenu, {}),
});
export const depositAddressQuery = (network: string) =>
  queryOptions({ queryKey: chainKeys.address(network), queryFn: () => api(depositAddress, { network }) });
export const depositRecordsQuery = queryOptions({
  queryKey: chainKeys.records,
  queryFn: () => api(depositRecord, { page: 1, pagesize: 20 }, { quiet: true }),
  refetchInterval: (q) => recordsRefresh(q.state.data?.list),
});
/** While a deposit confirms, the list refreshes by itself (ms). */
export const recordsRefresh = (list: { state: string }[] | undefined) =>
  list?.some((d) => d.state === 'detected') ? 2000 : 10_000;
export const adminChainQuery = queryOptions({
  queryKey: chainKeys.admin,
  queryFn: () => api(adminChainInfo, {}),
  refetchInterval: 5000,
});
export const sendTestDeposit = () => apiEnvelope(testDeposit, {});

/** The server's name for its local test chain when the operator gives none (CHAIN_NAME): an English default. */
const LOCAL_TEST_CHAIN = 'Local test chain';
/** A chain's name as the member reads it: the server's default test-chain name in their language, others as named. */
export const chainName = (name: string, t: TFunction<'chain'>) =>
  name === LOCAL_TEST_CHAIN ? t('localTestChain') : name;
