import {
  adminReserves,
  adminReservesNow,
  reservesChain,
  reservesList,
  reservesProof,
} from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const reservesKeys = {
  list: ['reserves', 'list'] as const,
  proof: (snapshotId: string) => ['reserves', 'proof', snapshotId] as const,
  chain: ['reserves', 'chain'] as const,
  admin: ['reserves', 'admin'] as const,
};

/** A published snapshot never changes: its list, proof and the chain's address are kept for the visit. */
const FOR_THE_VISIT = 5 * 60_000;

export const snapshotsQuery = queryOptions({
  queryKey: reservesKeys.list,
  queryFn: () => api(reservesList, {}),
  staleTime: FOR_THE_VISIT,
});

export const proofQuery = (snapshotId: string) =>
  queryOptions({
    queryKey: reservesKeys.proof(snapshotId),
    // Quiet: the page says a refusal where the balances would be.
    queryFn: () => api(reservesProof, { snapshot_id: snapshotId }, { quiet: true }),
    staleTime: FOR_THE_VISIT,
  });

export const chainQuery = queryOptions({
  queryKey: reservesKeys.chain,
  queryFn: () => api(reservesChain, {}, { quiet: true }),
  staleTime: FOR_THE_VISIT,
});

/** While a snapshot is being built the admin list follows it (ms); otherwise it stays. */
export const buildingRefresh = (list: { state: string }[] | undefined) =>
  list?.some((s) => s.state === 'building') ? 2000 : false;

export const adminSnapshotsQuery = queryOptions({
  queryKey: reservesKeys.admin,
  queryFn: () => api(adminReserves, {}),
  refetchInterval: (q) => buildingRefresh(q.state.data?.list),
});

/** `totp`: the step-up code when the admin's two-factor is on ('' otherwise). */
export const snapshotNow = (idempotencyKey: string, totp: string) =>
  api(adminReservesNow, { idempotency_key: idempotencyKey, ...(totp ? { totp } : {}) });
