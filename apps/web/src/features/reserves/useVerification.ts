import type { ReserveProof, VerifyResult } from '@mp/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { chainQuery } from './api.ts';
import { type Check, checkAnchor, checkInclusion, checkSignature } from './checks.ts';
import type { Snapshot } from './types.ts';

export type Verification =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; checks: Check[]; result: VerifyResult };

/** The chain node the anchor is read from, as the platform names it (Reserves/chain); a failed call is a failed check. */
async function anchorCheck(rpcUrl: Promise<string | null>, snapshot: Snapshot): Promise<Check> {
  try {
    return await checkAnchor(await rpcUrl, snapshot);
  } catch (e) {
    const actual = e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e);
    return { key: 'anchor', problems: [{ key: 'chainUnknown', actual }] };
  }
}

/** Runs the browser's three checks of `proof` against `snapshot` on demand; a new run replaces the last one. */
export function useVerification(snapshot: Snapshot, proof: ReserveProof | undefined) {
  const queryClient = useQueryClient();
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const run = async () => {
    if (!proof) return;
    setVerification({ state: 'running' });
    const rpcUrl = queryClient.fetchQuery(chainQuery).then((c) => c.rpc_url);
    const { check: inclusion, result } = checkInclusion(proof, snapshot);
    const anchor = await anchorCheck(rpcUrl, snapshot);
    setVerification({ state: 'done', checks: [inclusion, anchor, checkSignature(snapshot)], result });
  };
  return { verification, run };
}
