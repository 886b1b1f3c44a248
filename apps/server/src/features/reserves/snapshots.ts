import type { ChainConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/database.ts';
import { audit } from '../../platform/audit.ts';
import { requestSnapshot, snapshotQuery } from './queries.ts';
import { adminSnapshotView, snapshotView } from './views.ts';

/** The use cases behind the reserves calls (routes.ts binds them). */

export type ReservesDeps = { db: Db; chain: ChainConfig | undefined };

/** Members see the 10 latest published snapshots. */
export async function publishedSnapshots(d: ReservesDeps) {
  const rows = await snapshotQuery(d.db).where('s.state', '=', 'published').limit(10).execute();
  return { list: rows.map((s) => snapshotView(s, d.chain)) };
}

/** Admins see the 50 latest of any state. */
export async function allSnapshots(d: ReservesDeps) {
  const rows = await snapshotQuery(d.db).limit(50).execute();
  return { list: rows.map((s) => adminSnapshotView(s, d.chain)) };
}

/**
 * An admin asks for a snapshot now: one at a time (a second request answers the one building), the same key the
 * same snapshot; audited. The main process's reserves task builds it within seconds.
 */
export async function askSnapshotNow(d: ReservesDeps, adminId: string, key: string) {
  return inTransaction(d.db, async (tx) => {
    const s = await requestSnapshot(tx, { key: `admin:${key}`, memberId: adminId });
    await audit(tx, adminId, 'reserves.snapshot', s.id, { state: s.state });
    return s;
  });
}

/**
 * The JSON-RPC URL browsers read the anchors from: CHAIN_PUBLIC_RPC_URL, else on npm start's local test chain its
 * own URL. A real network's CHAIN_RPC_URL is never handed out (it may carry the operator's provider key).
 */
export function publicRpcUrl(chain: ChainConfig | undefined): string | null {
  if (!chain) return null;
  return chain.publicRpcUrl || (chain.test ? chain.rpcUrl : null);
}

export function chainForBrowsers(d: ReservesDeps) {
  return {
    chain_id: d.chain?.chainId ?? null,
    rpc_url: publicRpcUrl(d.chain),
    hot_wallet: d.chain?.hotWallet ?? null,
  };
}
